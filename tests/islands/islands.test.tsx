/**
 * How a page reaches the browser (src/islands/): the prerendered island (placeholder filled with the
 * island's own render, props as a JSON block), its hydration on its own root, the check that props
 * are JSON, the behaviours (plain DOM code) attached to the parts that name them, and the scheduler
 * that loads an island only when it nears the screen or a visitor reaches for it.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthClient, AuthUser } from '../../src/auth/firebase';
import { SectionSchema } from '../../src/content/page-schema';
import { attachBehaviours, detachBehaviours, watchBehaviours } from '../../src/islands/attach';
import type { Behaviour } from '../../src/islands/behaviour';
import type { IslandDefinition } from '../../src/islands/define';
import { hydrateIsland } from '../../src/islands/hydrate';
import { Island } from '../../src/islands/Island';
import { islandModules } from '../../src/islands/islands.gen';
import { unmountIslands } from '../../src/islands/mounted';
import { renderWithIslands } from '../../src/islands/render';
import { startIslands } from '../../src/islands/schedule';
import { IslandRoot } from '../../src/islands/root';
import { ImageSizesProvider } from '../../src/page/image-sizes';
import { RouteProvider } from '../../src/page/route-context';
import { SiteProvider } from '../../src/page/site-context';
import { SectionSlot } from '../../src/sections/section-slot';
import { NEAR_THE_SCREEN, SIGN_IN_TO_DOWNLOAD, type BrochureActionsProps } from '../../src/sections/brochure/island';
import { testSite } from '../helpers/render';

/** Stand-in for the Firebase chunk (the brochure island loads it once hydrated). */
const fake = vi.hoisted(() => {
  let listener: ((user: AuthUser | null) => void) | null = null;
  return {
    /** While true, Firebase is loaded but has not read the stored session yet: sign-in is not ready. */
    holding: false,
    /** Sign-in has read the stored session: a press opens the popup. */
    ready: false,
    login: vi.fn<() => Promise<void>>(),
    release() {
      this.ready = true;
      this.holding = false;
      listener?.(null);
    },
    subscribe(next: (user: AuthUser | null) => void) {
      listener = next;
      if (this.holding) return () => undefined;
      this.ready = true;
      next(null);
      return () => undefined;
    },
  };
});

vi.mock('../../src/auth/firebase', () => ({
  createAuthClient: (): AuthClient => ({
    onUserChanged: (listener) => fake.subscribe(listener),
    login: () => fake.login(),
    logout: () => Promise.resolve(),
  }),
}));

const brochureProps: BrochureActionsProps = { file: testSite.brochure.file, fileName: testSite.brochure.fileName, firebase: testSite.firebase };

/** A page holding `sections`, as the prerenderer draws it (route, site, images around the sections). */
function page(...sections: unknown[]): ReactNode {
  return (
    <RouteProvider value="/">
      <SiteProvider value={testSite}>
        <ImageSizesProvider sizes={{}}>
          {sections.map((input, index) => (
            <SectionSlot key={index} section={SectionSchema.parse(input)} index={index + 1} />
          ))}
        </ImageSizesProvider>
      </SiteProvider>
    </RouteProvider>
  );
}

const brochureSection = { type: 'brochure', title: 'Download our brochure', text: 'Courses, fees and batches in one PDF.' };

/** The prerendered HTML of a page, put in the document the way the browser would parse it. */
function load(html: string): HTMLElement {
  const body = document.createElement('div');
  body.innerHTML = html;
  document.body.append(body);
  return body;
}

/** The HTML between an island's tags, exactly as the prerenderer wrote it. */
function innerHtmlOf(html: string, id: string): string | undefined {
  return new RegExp(`<cesa-island id="${id}"[^>]*>([\\s\\S]*?)</cesa-island>`).exec(html)?.[1];
}

function deferred() {
  let open: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once a MutationObserver made now has been told of the next change under `root`. Observers
 * are told in the order they were made, so watchBehaviours' own observer (made earlier) has handled
 * the change by then, and what it started at once (a loaded behaviour's run, a cleanup) has run.
 */
function changeSeen(root: Node): Promise<void> {
  return new Promise((seen) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      seen();
    });
    observer.observe(root, { childList: true, subtree: true });
  });
}

beforeEach(() => {
  window.localStorage.clear();
  fake.holding = false;
  fake.ready = false;
  fake.login.mockReset().mockResolvedValue(undefined);
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('renderWithIslands (the prerenderer)', () => {
  it('writes the brochure island as a <cesa-island> holding its own render (prefix i0-) and its props as a JSON block after it', () => {
    const html = renderWithIslands(page(brochureSection));
    const body = load(html);

    const island = body.querySelector('cesa-island');
    expect(island).not.toBeNull();
    expect(island).toHaveAttribute('id', 'i0');
    expect(island).toHaveAttribute('data-island', 'brochure');
    expect(island).toHaveAttribute('data-when', 'visible');
    expect(island).toHaveAttribute('data-hint', 'cesa:signed-in');
    expect(island).toHaveAttribute('data-margin', NEAR_THE_SCREEN);

    // Exactly what hydrateRoot in the browser renders for island i0 (same tree, same useId ids).
    const expected = renderToString(<IslandRoot island={islandModules.brochure} props={brochureProps} start={{ pressedEarly: false }} />, {
      identifierPrefix: 'i0-',
    });
    expect(innerHtmlOf(html, 'i0')).toBe(expected);
    expect(html).not.toContain('<!--cesa-island:');

    const props = body.querySelector('script#i0-props');
    expect(props).toHaveAttribute('type', 'application/json');
    expect(island?.nextElementSibling).toBe(props);
    expect(JSON.parse(props?.textContent ?? 'null')).toEqual(brochureProps);

    // What a visitor sees before any script: signed out, one action; the rest of the section is plain HTML.
    const section = within(body);
    expect(section.getByRole('heading', { level: 2, name: 'Download our brochure' })).toBeInTheDocument();
    expect(section.getAllByRole('button')).toEqual([section.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD })]);
    expect(section.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD })).toBeEnabled();
    expect(section.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD })).not.toHaveAttribute('aria-disabled');
    expect(section.getByText(/^Signing in needs JavaScript/)).toBeInTheDocument();
  });

  it('gives each island of a page its own id and useId prefix', () => {
    const body = load(renderWithIslands(page(brochureSection, { type: 'brochure', title: 'And again' })));
    const islands = [...body.querySelectorAll('cesa-island')];
    expect(islands.map((island) => island.id)).toEqual(['i0', 'i1']);
    const statusIds = within(body)
      .getAllByRole('status')
      .map((status) => status.id);
    // React puts the prefix inside its own id format (`_i0-R_…_`): what matters is that both differ.
    expect(statusIds[0]).toContain('i0-');
    expect(statusIds[1]).toContain('i1-');
    expect(new Set(within(body).getAllByRole('button', { name: SIGN_IN_TO_DOWNLOAD }).map((button) => button.closest('cesa-island')?.id))).toEqual(new Set(['i0', 'i1']));
    expect(body.querySelectorAll('script[type="application/json"]')).toHaveLength(2);
  });

  it('keeps the props block inert and exact whatever the strings hold (no </script> breaks out of it)', () => {
    const props = { ...brochureProps, fileName: 'CESA </script><img src=x alt=injected>\u2028.pdf' };
    const body = load(renderWithIslands(<Island name="brochure" props={props} />));
    expect(within(body).queryByRole('img')).not.toBeInTheDocument();
    expect(JSON.parse(body.querySelector('script#i0-props')?.textContent ?? 'null')).toEqual(props);
  });

  it('refuses props that are not JSON, naming the island and the prop', () => {
    const withFunction = { ...brochureProps, onDone: () => undefined };
    expect(() => renderWithIslands(<Island name="brochure" props={withFunction as never} />)).toThrow(
      /brochure island's props must be JSON: props\.onDone is a function/,
    );
    const withDate = { ...brochureProps, updated: new Date('2026-01-01') };
    expect(() => renderWithIslands(<Island name="brochure" props={withDate as never} />)).toThrow(/brochure island's props must be JSON: props\.updated is a Date/);
    const deep = { ...brochureProps, firebase: { ...brochureProps.firebase, retries: [1, Number.NaN] } };
    expect(() => renderWithIslands(<Island name="brochure" props={deep as never} />)).toThrow(/brochure island.*props\.firebase\.retries\[1\] is NaN/);
    // The same island with JSON props renders.
    expect(renderWithIslands(<Island name="brochure" props={brochureProps} />)).toContain('data-island="brochure"');
  });
});

describe('hydrateIsland (the browser)', () => {
  it('hydrates the prerendered island without a mismatch, keeps its elements, and its button then works', async () => {
    const consoleError = vi.spyOn(console, 'error');
    const body = load(renderWithIslands(page(brochureSection)));
    const island = body.querySelector<HTMLElement>('cesa-island')!;
    const prerendered = screen.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD });

    const props: unknown = JSON.parse(document.getElementById('i0-props')!.textContent);
    await act(async () => {
      hydrateIsland(island, islandModules.brochure as IslandDefinition<unknown>, props, { pressedEarly: false });
      await tick();
    });
    const login = screen.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD });
    await waitFor(() => expect(fake.ready).toBe(true));
    // Hydrated, not drawn again: the very button of the HTML.
    expect(login).toBe(prerendered);

    await userEvent.setup().click(login);
    expect(fake.login).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('unmounts a hydrated island once its element has left the page (npm run dev swaps a saved page), and no other', async () => {
    const body = load(renderWithIslands(page(brochureSection)));
    const island = body.querySelector<HTMLElement>('cesa-island')!;
    await act(async () => {
      hydrateIsland(island, islandModules.brochure as IslandDefinition<unknown>, brochureProps, { pressedEarly: false });
      await tick();
    });
    unmountIslands();
    expect(within(island).getByRole('button', { name: SIGN_IN_TO_DOWNLOAD })).toBeInTheDocument();
    island.remove();
    act(() => unmountIslands());
    // React's root is gone: the element it drew into is empty.
    expect(island).toBeEmptyDOMElement();
  });

  it('says so when the HTML does not match the island (what the test above would catch)', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const body = load(renderWithIslands(page(brochureSection)));
    // HTML from another version of the island.
    screen.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD }).textContent = 'Log in';

    await act(async () => {
      hydrateIsland(body.querySelector<HTMLElement>('cesa-island')!, islandModules.brochure as IslandDefinition<unknown>, brochureProps, { pressedEarly: false });
      await tick();
    });
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('The brochure island did not hydrate cleanly:', expect.anything()));
    // React recovered by drawing the island afresh.
    expect(await screen.findByRole('button', { name: SIGN_IN_TO_DOWNLOAD })).toBeInTheDocument();
  });
});

describe('attachBehaviours and watchBehaviours', () => {
  /** A behaviour that says it ran (in the element's text) and records its cleanup. */
  function counting() {
    const cleanup = vi.fn();
    const run = vi.fn<Behaviour>((root) => {
      root.textContent = 'attached';
      return cleanup;
    });
    return { run, cleanup, load: vi.fn(() => Promise.resolve({ default: run })) };
  }

  it('runs a behaviour on each element that names it, once however often it is attached, and loads only what the page holds', async () => {
    const stats = counting();
    const menu = counting();
    const loaders = { stats: stats.load, header: menu.load };
    const body = load('<div data-behaviour="stats">0</div><p>plain</p><div data-behaviour="unknown">as is</div>');

    await attachBehaviours(body, loaders);
    expect(screen.getByText('attached')).toHaveAttribute('data-behaviour', 'stats');
    expect(screen.getByText('as is')).toBeInTheDocument();
    expect(menu.load).not.toHaveBeenCalled();

    await attachBehaviours(document, loaders);
    await attachBehaviours(body, loaders);
    expect(stats.load).toHaveBeenCalledTimes(1);
    expect(stats.run).toHaveBeenCalledTimes(1);
  });

  it('cleans up the behaviours of markup about to be replaced, and attaches to the markup that replaces it (npm run dev swaps a saved page)', async () => {
    const stats = counting();
    const body = load('<div id="root"><div data-behaviour="stats">0</div></div>');
    await attachBehaviours(document, { stats: stats.load });
    detachBehaviours(document.documentElement);
    expect(stats.cleanup).toHaveBeenCalledTimes(1);
    body.querySelector('#root')!.innerHTML = '<div data-behaviour="stats">1</div>';
    await attachBehaviours(document, { stats: stats.load });
    expect(stats.run).toHaveBeenCalledTimes(2);
    expect(screen.getByText('attached')).toHaveAttribute('data-behaviour-attached');
  });

  it('loads a part marked data-behaviour-when="visible" only once it nears the screen, and the others at once', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element; options?: IntersectionObserverInit; connected: boolean }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        readonly record: (typeof observed)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.record = { callback, options, connected: true };
          observed.push(this.record);
        }
        observe(target: Element) {
          this.record.target = target;
        }
        disconnect() {
          this.record.connected = false;
        }
      },
    );
    try {
      const stats = counting();
      const menu = counting();
      load('<div data-behaviour="stats" data-behaviour-when="visible">0</div><nav data-behaviour="header">menu</nav>');
      const settled = attachBehaviours(document, { stats: stats.load, header: menu.load });
      await vi.waitFor(() => expect(menu.run).toHaveBeenCalledTimes(1));
      expect(stats.load).not.toHaveBeenCalled();
      const [watch] = observed;
      expect(watch?.target).toHaveAttribute('data-behaviour', 'stats');
      // Further than a screen away: still nothing.
      watch!.callback([{ isIntersecting: false, target: watch!.target! } as IntersectionObserverEntry], {} as IntersectionObserver);
      await Promise.resolve();
      expect(stats.load).not.toHaveBeenCalled();

      watch!.callback([{ isIntersecting: true, target: watch!.target! } as IntersectionObserverEntry], {} as IntersectionObserver);
      await settled;
      expect(stats.run).toHaveBeenCalledTimes(1);
      expect(watch!.connected).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('attaches to the root itself when it names a behaviour', async () => {
    const stats = counting();
    const root = load('');
    root.setAttribute('data-behaviour', 'stats');
    await attachBehaviours(root, { stats: stats.load });
    expect(stats.run).toHaveBeenCalledWith(root);
  });

  it('logs a behaviour that cannot load, and tries again on the next attach', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stats = counting();
    const offline = new TypeError('Failed to fetch dynamically imported module');
    stats.load.mockRejectedValueOnce(offline);
    load('<div data-behaviour="stats">0</div>');

    await attachBehaviours(document, { stats: stats.load });
    expect(consoleError).toHaveBeenCalledWith('The stats behaviour could not load:', offline);
    expect(screen.getByText('0')).toBeInTheDocument();

    await attachBehaviours(document, { stats: stats.load });
    expect(screen.getByText('attached')).toBeInTheDocument();
  });

  it('watchBehaviours attaches to parts added later and runs the cleanup of parts removed; a moved part stays attached', async () => {
    const stats = counting();
    const root = load('<div data-behaviour="stats">first</div>');
    const stop = watchBehaviours(root, { stats: stats.load });
    await waitFor(() => expect(stats.run).toHaveBeenCalledTimes(1));

    // A part drawn later, inside other markup.
    const later = document.createElement('section');
    later.innerHTML = '<div data-behaviour="stats">second</div>';
    root.append(later);
    await waitFor(() => expect(stats.run).toHaveBeenCalledTimes(2));
    expect(stats.run).toHaveBeenLastCalledWith(later.firstElementChild);

    // Moved within the page: removed and added back before the observer looks.
    const first = root.firstElementChild!;
    const moved = changeSeen(root);
    root.append(first);
    await moved;
    expect(stats.cleanup).not.toHaveBeenCalled();
    expect(stats.run).toHaveBeenCalledTimes(2);

    later.remove();
    await waitFor(() => expect(stats.cleanup).toHaveBeenCalledTimes(1));

    stop();
    const inserted = changeSeen(root);
    root.insertAdjacentHTML('beforeend', '<div data-behaviour="stats">after stop</div>');
    await inserted;
    expect(screen.getByText('after stop')).toBeInTheDocument();
    expect(stats.run).toHaveBeenCalledTimes(2);
  });

  it('does not run a behaviour on a part removed before its code arrived', async () => {
    const stats = counting();
    const gate = deferred();
    const slow = vi.fn(() => gate.promise.then(() => ({ default: stats.run })));
    const root = load('');
    watchBehaviours(root, { stats: slow });
    root.insertAdjacentHTML('beforeend', '<div data-behaviour="stats">gone</div>');
    await waitFor(() => expect(slow).toHaveBeenCalledTimes(1));
    const removed = changeSeen(root);
    root.firstElementChild!.remove();
    await removed;
    gate.open();
    // The code arrives: what the watcher does with it was set up before this await, so has run after it.
    await (slow.mock.results[0]!.value as Promise<unknown>);
    expect(stats.run).not.toHaveBeenCalled();
  });
});

describe('startIslands (the scheduler)', () => {
  /** The IntersectionObservers the scheduler made: their target, margin, and a way to move the target. */
  let observers: { callback: IntersectionObserverCallback; target?: Element; options?: IntersectionObserverInit; connected: boolean }[] = [];

  /** The island's panel comes within the observer's margin of the screen (or not). */
  function panelNearTheScreen(near = true) {
    for (const observer of observers.filter((candidate) => candidate.connected)) {
      observer.callback([{ isIntersecting: near, target: observer.target! } as IntersectionObserverEntry], {} as IntersectionObserver);
    }
  }

  /**
   * The scheduler started on a fresh page whose island chunk is held until `gate.open()` (counting
   * its loads) and whose hydrateIsland is observed: by default a spy only; `realHydrate` hydrates for
   * real. The panel is far from the screen until `panelNearTheScreen()`.
   */
  async function scheduler({ realHydrate = false, failFirst = false } = {}) {
    observers = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        readonly record: (typeof observers)[number];
        constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
          this.record = { callback, options, connected: true };
          observers.push(this.record);
        }
        observe(target: Element) {
          this.record.target = target;
        }
        disconnect() {
          this.record.connected = false;
        }
      },
    );
    const gate = deferred();
    let failures = failFirst ? 1 : 0;
    const loadIsland = vi.fn(async () => {
      await gate.promise;
      if (failures > 0) {
        failures -= 1;
        throw new TypeError('Failed to fetch dynamically imported module');
      }
      return import('../../src/sections/brochure/island');
    });
    // For real: on modules loaded afresh (the island and hydrate.tsx alike), so sign-in starts unread, as on a new page.
    if (realHydrate) vi.resetModules();
    const hydrate = vi.fn<typeof hydrateIsland>(realHydrate ? (await import('../../src/islands/hydrate')).hydrateIsland : () => undefined);
    const body = load(renderWithIslands(page(brochureSection)));
    // This test's own stand-ins, handed in: no module is mocked, so none left from a test before can answer.
    startIslands(document, { islands: { brochure: loadIsland }, hydrate: () => Promise.resolve({ hydrateIsland: hydrate }) });
    return { gate, loadIsland, hydrate, body, island: body.querySelector<HTMLElement>('cesa-island')! };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('with data-when="visible", loads nothing while the panel is far from the screen, then hydrates it with its props once it nears', async () => {
    // Fake timers: whatever the scheduler set for later (a load once the page is idle) runs here, at once.
    vi.useFakeTimers();
    let started: Awaited<ReturnType<typeof scheduler>>;
    try {
      started = await scheduler();
      await vi.runAllTimersAsync();
    } finally {
      vi.useRealTimers();
    }
    const { gate, loadIsland, hydrate, island } = started;
    expect(loadIsland).not.toHaveBeenCalled();
    // Before the visitor scrolls: watched on the screen itself, on its first element (the island itself has no box).
    expect(observers).toHaveLength(1);
    expect(observers[0]!.options).toEqual({ rootMargin: '0px' });
    expect(observers[0]!.target).toBe(island.firstElementChild);
    panelNearTheScreen(false);
    expect(loadIsland).not.toHaveBeenCalled();

    // Once they scroll: with the island's margin, so it is ready when they reach it.
    fireEvent.scroll(window);
    expect(observers).toHaveLength(2);
    expect(observers[0]!.connected).toBe(false);
    expect(observers[1]!.options).toEqual({ rootMargin: NEAR_THE_SCREEN });
    expect(observers[1]!.target).toBe(island.firstElementChild);
    panelNearTheScreen(false);
    expect(loadIsland).not.toHaveBeenCalled();
    panelNearTheScreen();
    panelNearTheScreen();
    expect(loadIsland).toHaveBeenCalledTimes(1);
    expect(observers[1]!.connected).toBe(false);
    expect(hydrate).not.toHaveBeenCalled();

    gate.open();
    await waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    const [element, definition, props, start] = hydrate.mock.calls[0]!;
    expect(element).toBe(island);
    expect(definition).toBe((await import('../../src/sections/brochure/island')).default);
    expect(props).toEqual(brochureProps);
    expect(start).toEqual({ pressedEarly: false });
  });

  it.each([
    ['the pointer coming over it', (target: Element) => fireEvent.pointerOver(target)],
    ['a finger touching it (touchstart)', (target: Element) => fireEvent.touchStart(target)],
    ['a press starting on it (pointerdown)', (target: Element) => fireEvent.pointerDown(target)],
  ])('before the panel nears the screen, %s loads it too', async (_, reach) => {
    const { loadIsland } = await scheduler();
    reach(screen.getByRole('status'));
    expect(loadIsland).toHaveBeenCalledTimes(1);
  });

  it('focus reaching the island (Tab) loads it too', async () => {
    const { loadIsland } = await scheduler();
    await userEvent.setup().tab();
    expect(screen.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD })).toHaveFocus();
    expect(loadIsland).toHaveBeenCalledTimes(1);
  });

  it('a click on a button before hydration is remembered: pressedEarly', async () => {
    const { gate, hydrate } = await scheduler();
    const login = screen.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD });
    fireEvent.pointerOver(login);
    fireEvent.click(login);
    gate.open();
    await waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    expect(hydrate.mock.calls[0]![3]).toEqual({ pressedEarly: true });
  });

  it('a click that is not on a button or link is no press', async () => {
    const { gate, hydrate } = await scheduler();
    const status = screen.getByRole('status');
    fireEvent.pointerOver(status);
    fireEvent.click(status);
    gate.open();
    await waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    expect(hydrate.mock.calls[0]![3]).toEqual({ pressedEarly: false });
  });

  it('a click with no event before it (the pointer was already resting on the button) starts the island too', async () => {
    const { gate, loadIsland, hydrate } = await scheduler();
    fireEvent.click(screen.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD }));
    expect(loadIsland).toHaveBeenCalledTimes(1);
    gate.open();
    await waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    expect(hydrate.mock.calls[0]![3]).toEqual({ pressedEarly: true });
  });

  it('for a visitor signed in last time (the hint in localStorage), loads the island once the page is idle, without a reach', async () => {
    window.localStorage.setItem('cesa:signed-in', '1');
    const { gate, loadIsland, hydrate } = await scheduler();
    await waitFor(() => expect(loadIsland).toHaveBeenCalledTimes(1));
    gate.open();
    await waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    expect(hydrate.mock.calls[0]![3]).toEqual({ pressedEarly: false });
  });

  it('an island that cannot load is logged, and the next reach tries again', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { gate, loadIsland, hydrate } = await scheduler({ failFirst: true });
    const login = screen.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD });
    gate.open();
    fireEvent.pointerOver(login);
    await waitFor(() => expect(consoleError).toHaveBeenCalledWith('The brochure island could not load:', expect.any(TypeError)));
    expect(hydrate).not.toHaveBeenCalled();

    fireEvent.pointerOver(login);
    await waitFor(() => expect(hydrate).toHaveBeenCalledTimes(1));
    expect(loadIsland).toHaveBeenCalledTimes(2);
  });

  it('end to end: a press before hydration, then the hydrated island says sign-in is loading, then, the press over, asks for one more', async () => {
    fake.holding = true;
    const consoleError = vi.spyOn(console, 'error');
    const { gate } = await scheduler({ realHydrate: true });
    const button = screen.getByRole('button', { name: SIGN_IN_TO_DOWNLOAD });
    fireEvent.pointerDown(button);
    fireEvent.click(button);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    await act(async () => {
      gate.open();
      await gate.promise;
    });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sign-in is loading…'));
    expect(fake.login).not.toHaveBeenCalled();

    // jsdom has no user activation: as in a browser whose press is over when sign-in is ready.
    act(() => fake.release());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Sign-in is ready: press'));
    expect(fake.login).not.toHaveBeenCalled();
    await userEvent.setup().click(button);
    expect(fake.login).toHaveBeenCalledTimes(1);
    expect(consoleError).not.toHaveBeenCalled();
  });
});
