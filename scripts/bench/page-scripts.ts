/**
 * The JavaScript a page costs a visitor who does nothing: every script the page fetches from its
 * own site between the request and two seconds of network quiet after the load event, in a fresh
 * browser context (empty cache), with no click, key, scroll or pointer move. Sizes are gzip level 9
 * of the bytes served (what Hosting would send, whatever the server's own compression), so a
 * figure does not depend on the server it was measured on. Used by `npm run audit`.
 *
 * A page with an island (the brochure's sign-in) fetches its code once the island is due: when its
 * panel nears the screen, which on the home page it does at load. The scheduler marks that moment
 * (a performance mark, src/islands/ids.ts); what was requested from then on is the island's and is
 * counted apart (`islandGzip`), so `gzip` is what the page costs before any island is due.
 *
 * Plain Chromium through playwright-core, not Lighthouse: Lighthouse scrolls, screenshots and
 * throttles, and its network table cannot tell "fetched on its own" from "fetched because the tool
 * did something".
 */
import type { Browser, BrowserContextOptions, Request } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { ISLAND_DUE_MARK } from '../../src/islands/ids';

/** The two screens measured: Lighthouse's mobile and desktop presets (what may come into view differs). */
export const SCREENS = {
  phone: { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false },
} as const satisfies Record<string, BrowserContextOptions>;
export type Screen = keyof typeof SCREENS;

/** How long the network must be quiet after the load event before the page counts as settled. */
export const QUIET_MS = 2000;
/** Longest wait for that quiet: a page that polls forever is measured at this point, and says so. */
const SETTLE_LIMIT_MS = 20_000;

/**
 * Strings only React's own code holds (the element type tag of React 19's JSX and react-dom's
 * DevTools hook). Not "react-dom" alone: a small loader may name a React chunk's file without
 * fetching it, and that costs nothing until it does.
 */
const REACT_MARKERS = ['react.transitional.element', '__REACT_DEVTOOLS_GLOBAL_HOOK__'];

export interface FetchedScript {
  /** Path on the site, e.g. /assets/boot-abc123.js. */
  path: string;
  bytes: number;
  /** gzip -9 of the served bytes. */
  gzip: number;
  /** The script holds React (see REACT_MARKERS). */
  react: boolean;
  /** Requested once an island was due: the island's code, not the page's. */
  island: boolean;
}

export interface PageScripts {
  /** The path asked for. */
  path: string;
  screen: Screen;
  /** HTTP status of the page (404 for the not-found page). */
  status: number;
  /** Same-origin scripts, each once, in the order their responses arrived. */
  scripts: FetchedScript[];
  /** Sum of the gzip sizes of the scripts fetched before any island was due: the page's own cost. */
  gzip: number;
  /** React among those. */
  react: boolean;
  /** The island that became due with no interaction and why (`brochure (visible)`), or null. */
  islandDue: string | null;
  /** Sum of the gzip sizes of the scripts fetched once it was due. */
  islandGzip: number;
  /** The network never stayed quiet for QUIET_MS within SETTLE_LIMIT_MS: the figures are a floor. */
  unsettled: boolean;
  /** Requests to anywhere but the site (the caller's Chromium should refuse to resolve them). */
  external: string[];
}

/** Loads `path` of the site at `base` in a fresh context and lists the scripts it fetched on its own. */
export async function pageScripts(browser: Browser, base: string, path: string, screen: Screen): Promise<PageScripts> {
  const origin = new URL(base).origin;
  // No service worker: one could answer from its own cache on a later visit, never on a first one.
  const context = await browser.newContext({ ...SCREENS[screen], serviceWorkers: 'block' });
  try {
    // The context's events, not the page's: they also see what a page prerendered by speculation
    // rules fetches, which the visitor's browser fetches just the same.
    const inFlight = new Set<Request>();
    let lastActivity = Date.now();
    const external: string[] = [];
    const bodies = new Map<string, Promise<Buffer | null>>();
    context.on('request', (request) => {
      inFlight.add(request);
      lastActivity = Date.now();
      const url = new URL(request.url());
      if (url.origin !== origin && url.protocol !== 'data:' && url.protocol !== 'blob:') external.push(request.url());
    });
    const done = (request: Request) => {
      inFlight.delete(request);
      lastActivity = Date.now();
    };
    context.on('requestfinished', done);
    context.on('requestfailed', done);
    context.on('response', (response) => {
      const request = response.request();
      const url = new URL(response.url());
      // resourceType 'script': classic and module scripts, module preloads and dynamic imports alike.
      if (request.resourceType() !== 'script' || url.origin !== origin || bodies.has(url.pathname)) return;
      bodies.set(url.pathname, response.body().catch(() => null));
    });

    const page = await context.newPage();
    const response = await page.goto(new URL(path, base).href, { waitUntil: 'load' });
    const settleBy = Date.now() + SETTLE_LIMIT_MS;
    while (inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS) {
      if (Date.now() > settleBy) break;
      await page.waitForTimeout(100);
    }
    const unsettled = inFlight.size > 0 || Date.now() - lastActivity < QUIET_MS;
    const due = await page.evaluate((mark) => {
      const entry = performance.getEntriesByType('mark').find((candidate) => candidate.name.startsWith(mark)) as PerformanceMark | undefined;
      if (!entry) return null;
      const after = performance
        .getEntriesByType('resource')
        .filter((resource) => resource.startTime >= entry.startTime)
        .map((resource) => new URL(resource.name).pathname);
      return { island: `${entry.name.slice(mark.length)} (${String(entry.detail)})`, after };
    }, ISLAND_DUE_MARK);
    const islandPaths = new Set(due?.after ?? []);

    const scripts: FetchedScript[] = [];
    for (const [scriptPath, body] of bodies) {
      const bytes = await body;
      if (!bytes) throw new Error(`${path}: could not read the body of ${scriptPath}`);
      const text = bytes.toString('utf8');
      scripts.push({
        path: scriptPath,
        bytes: bytes.length,
        gzip: gzipSync(bytes, { level: 9 }).length,
        react: REACT_MARKERS.some((marker) => text.includes(marker)),
        island: islandPaths.has(scriptPath),
      });
    }
    const own = scripts.filter((script) => !script.island);
    return {
      path,
      screen,
      status: response?.status() ?? 0,
      scripts,
      gzip: own.reduce((sum, script) => sum + script.gzip, 0),
      react: own.some((script) => script.react),
      islandDue: due?.island ?? null,
      islandGzip: scripts.filter((script) => script.island).reduce((sum, script) => sum + script.gzip, 0),
      unsettled,
      external,
    };
  } finally {
    await context.close();
  }
}

/** Runs `task` on every item, at most `limit` at a time; results in the items' order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
