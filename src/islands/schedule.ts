/**
 * When each island of the page is loaded and hydrated, by what it declared (`data-when`, define.ts).
 * Plain DOM code, in the one script every page loads: React and the island's code are fetched only
 * when this says so.
 */
import { ISLAND_DUE_MARK, propsIdOf, type IslandDueReason } from './ids';
import type { hydrateIsland } from './hydrate';
import { islandLoaders } from './parts.gen';

/** What the scheduler fetches: each island's code by name, and the code that hydrates one. */
export interface IslandParts {
  readonly islands: Readonly<Record<string, (() => Promise<{ default: unknown }>) | undefined>>;
  readonly hydrate: () => Promise<{ hydrateIsland: typeof hydrateIsland }>;
}

/** The page's own: the generated island chunks, and hydrate.ts as a chunk of its own. */
const PAGE_PARTS: IslandParts = { islands: islandLoaders, hydrate: () => import('./hydrate') };

/**
 * The first of these on an island means the visitor is reaching for it. `touchstart` and
 * `pointerdown` come before the click of the same press: on a touch screen, with no hover, they are
 * the first sign of it.
 */
const REACHING = ['pointerover', 'pointerdown', 'focusin', 'touchstart', 'keydown'] as const;

/** Says when an island became due, and why (ids.ts): the audit and the route tests read it. */
function markDue(name: string, reason: IslandDueReason): void {
  // Where there are no User Timing marks (jsdom), there is nobody measuring.
  if ('mark' in performance) performance.mark(`${ISLAND_DUE_MARK}${name}`, { detail: reason });
}

function hintSet(key: string | undefined): boolean {
  if (!key) return false;
  try {
    return window.localStorage.getItem(key) !== null;
  } catch {
    // Storage blocked: as for a new visitor.
    return false;
  }
}

/** After the page has loaded, when the main thread is free (bounded: ready long before a second look). */
function whenIdle(task: () => void): void {
  const start = () => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 });
    else window.setTimeout(task, 200);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * Once the page has loaded (an island never competes with the page's own text and images), when the
 * island is on the screen; and once the visitor scrolls, when it comes within `margin` of it, so that
 * it is ready when they reach it. A visitor who never scrolls fetches nothing for what is below the
 * first screen (a phone's first screen ends a few lines above the home page's brochure).
 */
function whenVisible(element: HTMLElement, margin: string | undefined, task: () => void): void {
  if (document.readyState !== 'complete') {
    window.addEventListener('load', () => whenVisible(element, margin, task), { once: true });
    return;
  }
  if (typeof IntersectionObserver !== 'function') return task();
  // The island is `display: contents` (no box of its own): its first child is what comes into view.
  const target = element.firstElementChild ?? element;
  let observer: IntersectionObserver | null = null;
  let done = false;
  const watch = (rootMargin: string) => {
    observer?.disconnect();
    observer = new IntersectionObserver(
      (entries) => {
        if (done || !entries.some((entry) => entry.isIntersecting)) return;
        done = true;
        observer?.disconnect();
        task();
      },
      { rootMargin },
    );
    observer.observe(target);
  };
  watch('0px');
  if (margin && margin !== '0px') window.addEventListener('scroll', () => done || watch(margin), { once: true, passive: true });
}

function hydrateWhenDue(element: HTMLElement, parts: IslandParts): void {
  const name = element.dataset.island ?? '';
  const load = parts.islands[name];
  if (!load) return;
  // A press before hydration is remembered, not replayed (context.ts says why). A press is also a
  // reach: a click can come with none of REACHING before it (the pointer already resting on the
  // button when the scheduler started; a screen reader's activation).
  let pressedEarly = false;
  const onPress = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('button, a')) pressedEarly = true;
    start('reach');
  };
  element.addEventListener('click', onPress);
  const onReach = () => start('reach');

  let started = false;
  const start = (reason: IslandDueReason) => {
    if (started) return;
    started = true;
    for (const type of REACHING) element.removeEventListener(type, onReach);
    markDue(name, reason);
    Promise.all([load(), parts.hydrate()]).then(
      ([module, { hydrateIsland }]) => {
        element.removeEventListener('click', onPress);
        const props: unknown = JSON.parse(document.getElementById(propsIdOf(element.id))?.textContent ?? 'null');
        hydrateIsland(element, module.default as never, props, { pressedEarly });
      },
      (error: unknown) => {
        // Offline or a chunk missing: the next reach tries again.
        console.error(`The ${name} island could not load:`, error);
        started = false;
        for (const type of REACHING) element.addEventListener(type, onReach, { passive: true });
      },
    );
  };

  const when = element.dataset.when;
  if (when === 'load') return start('load');
  if (when === 'idle') whenIdle(() => start('idle'));
  else if (hintSet(element.dataset.hint)) whenIdle(() => start('hint'));
  if (when === 'visible') whenVisible(element, element.dataset.margin, () => start('visible'));
  for (const type of REACHING) element.addEventListener(type, onReach, { passive: true });
}

/** Schedules every island under `root`; `parts` is the page's own unless a test hands in stand-ins. */
export function startIslands(root: ParentNode, parts: IslandParts = PAGE_PARTS): void {
  for (const element of root.querySelectorAll<HTMLElement>('cesa-island[data-island][id]')) hydrateWhenDue(element, parts);
}
