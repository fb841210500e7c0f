/**
 * Runs each part's behaviour on the elements that name it (`data-behaviour`), loading only the
 * behaviours the page holds. On the site: once, on the prerendered page. In the editor's preview,
 * where React draws and redraws the page: also on parts drawn later, and each part's cleanup when it
 * goes.
 */
import { BEHAVIOUR_ATTRIBUTE, BEHAVIOUR_WHEN_ATTRIBUTE, type Behaviour } from './behaviour';
import { behaviourLoaders } from './parts.gen';

type Loaders = Record<string, () => Promise<{ default: Behaviour }>>;

/** Set on a part's root once its behaviour runs. */
export const ATTACHED_ATTRIBUTE = 'data-behaviour-attached';

const attached = new WeakMap<Element, (() => void) | undefined>();

/** Resolves once the element is within a screen's height of the screen (at once where nothing can tell). */
function nearTheScreen(element: HTMLElement): Promise<void> {
  if (typeof IntersectionObserver !== 'function') return Promise.resolve();
  return new Promise((near) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        near();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
  });
}

function attach(element: HTMLElement, loaders: Loaders): Promise<void> {
  if (attached.has(element)) return Promise.resolve();
  if (element.getAttribute(BEHAVIOUR_WHEN_ATTRIBUTE) === 'visible') {
    // Claimed now, so that a second look (the preview's observer) does not wait twice.
    attached.set(element, undefined);
    return nearTheScreen(element).then(() => {
      attached.delete(element);
      return element.isConnected ? load(element, loaders) : undefined;
    });
  }
  return load(element, loaders);
}

function load(element: HTMLElement, loaders: Loaders): Promise<void> {
  if (attached.has(element)) return Promise.resolve();
  const load = loaders[element.getAttribute(BEHAVIOUR_ATTRIBUTE) ?? ''];
  if (!load) return Promise.resolve();
  attached.set(element, undefined);
  return load().then(
    (module) => {
      // Gone before its code arrived (the preview redrew it): nothing to attach to.
      if (!element.isConnected || !attached.has(element)) return;
      attached.set(element, module.default(element) ?? undefined);
      // Said in the page, for whoever needs to know that the part works now (the browser tests wait for it).
      element.setAttribute(ATTACHED_ATTRIBUTE, '');
    },
    (error: unknown) => {
      attached.delete(element);
      console.error(`The ${element.getAttribute(BEHAVIOUR_ATTRIBUTE)} behaviour could not load:`, error);
    },
  );
}

function within(node: Node): HTMLElement[] {
  if (!(node instanceof HTMLElement)) return [];
  const found = [...node.querySelectorAll<HTMLElement>(`[${BEHAVIOUR_ATTRIBUTE}]`)];
  return node.hasAttribute(BEHAVIOUR_ATTRIBUTE) ? [node, ...found] : found;
}

/** Settles once every behaviour found is attached (or failed to load, which is logged). */
export function attachBehaviours(root: ParentNode & Node, loaders: Loaders = behaviourLoaders): Promise<void> {
  return Promise.all(within(root instanceof Document ? root.documentElement : root).map((element) => attach(element, loaders))).then(() => undefined);
}

/** Runs the cleanup of every behaviour attached within `root` (its elements are about to go), so each can attach again. */
export function detachBehaviours(root: Node): void {
  for (const element of within(root)) {
    attached.get(element)?.();
    attached.delete(element);
    element.removeAttribute(ATTACHED_ATTRIBUTE);
  }
}

/** attachBehaviours, then the same for parts added later, and their cleanup when they are removed. */
export function watchBehaviours(root: HTMLElement, loaders: Loaders = behaviourLoaders): () => void {
  void attachBehaviours(root, loaders);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.removedNodes) {
        for (const element of within(node)) {
          if (element.isConnected) continue;
          attached.get(element)?.();
          attached.delete(element);
        }
      }
      for (const node of record.addedNodes) for (const element of within(node)) void attach(element, loaders);
    }
  });
  observer.observe(root, { childList: true, subtree: true });
  return () => observer.disconnect();
}
