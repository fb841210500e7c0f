/**
 * Shared fixture for the browser tests (node:test + playwright-core + Debian's Chromium).
 *
 *   const browser = browserHarness();      // at the top of a test file: starts/stops everything
 *   test('…', async () => {
 *     await browser.withPage('/', async ({ page }) => { … });   // fresh context, errors checked
 *   });
 *
 * It serves the production build (dist/) on a free 127.0.0.1 port, launches Chromium once per
 * file, and gives each test a new context whose network is loopback-only: Google's gapi loader
 * is answered with the local stand-in (gapi-stub.js) so the Auth emulator's popup flow works
 * offline, and every other non-loopback request is aborted. Page errors and console errors of
 * the site's pages fail the test unless the test allows them.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { after, before } from 'node:test';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { serve, type RunningServer } from '../../scripts/hosting/serve';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/bench/chromium';

export const ROOT = resolve(import.meta.dirname, '../..');
/** The build under test; TEST_DIST serves another one (e.g. a build made with other content). */
export const DIST = process.env.TEST_DIST ? resolve(process.env.TEST_DIST) : join(ROOT, 'dist');
export { CHROMIUM_PATH } from '../../scripts/bench/chromium';
export const LAUNCH_ARGS = CHROMIUM_FLAGS;
/** Playwright's wait for one element, navigation or event. */
export const ACTION_TIMEOUT_MS = 15_000;

export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 360, height: 740 } as const;

const GAPI_URL = 'https://apis.google.com/js/api.js';
const GAPI_STUB = readFileSync(join(import.meta.dirname, 'gapi-stub.js'), 'utf8');
const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface BrowserProblem {
  kind: 'pageerror' | 'console';
  /** The page it happened on. */
  url: string;
  text: string;
}

export interface PageSession {
  page: Page;
  context: BrowserContext;
  /** Absolute URL of a path of the site (a plain function: tests take it out of the session). */
  url: (path: string) => string;
  /** Page errors and console errors seen so far on the site's pages (not the emulator's popup). */
  problems: BrowserProblem[];
  /** Requests that were aborted because they left the machine. */
  blocked: string[];
}

export interface PageOptions {
  viewport?: { width: number; height: number };
  reducedMotion?: 'reduce' | 'no-preference';
  /** Console errors the test expects (e.g. the logged "Login Error"); anything else fails it. */
  allowConsoleErrors?: RegExp[];
  /** Extra context options (locale, colour scheme…). */
  contextOptions?: BrowserContextOptions;
}

export interface BrowserHarness {
  /** Base URL of the served build, without a trailing slash. */
  readonly baseUrl: string;
  readonly browser: Browser;
  /** A fresh, routed, error-collecting context; close it yourself. */
  newSession(options?: PageOptions): Promise<PageSession>;
  /**
   * Opens `path` in a fresh context, runs `fn`, then fails if the site's pages logged an error
   * or threw (except allowed console errors), and closes the context whatever happens.
   */
  withPage(path: string, fn: (session: PageSession) => Promise<void>, options?: PageOptions): Promise<void>;
}

function isLoopback(url: URL): boolean {
  return LOOPBACK.has(url.hostname);
}

/** Routes a context: gapi → local stand-in, loopback → through, anything else → aborted. */
export async function isolate(context: BrowserContext, blocked: string[]): Promise<void> {
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (`${url.origin}${url.pathname}` === GAPI_URL) {
      await route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: GAPI_STUB });
    } else if (isLoopback(url) || url.protocol === 'data:' || url.protocol === 'blob:') {
      await route.continue();
    } else {
      blocked.push(url.href);
      await route.abort('internetdisconnected');
    }
  });
}

function collectProblems(context: BrowserContext, baseUrl: string, problems: BrowserProblem[], blocked: string[]): void {
  const siteOrigin = new URL(baseUrl).origin;
  const watch = (page: Page) => {
    const onSite = () => page.url().startsWith(siteOrigin);
    page.on('pageerror', (error) => {
      if (isInterceptionArtefact(error)) return;
      if (onSite()) problems.push({ kind: 'pageerror', url: page.url(), text: error.stack ?? error.message });
    });
    page.on('console', (message) => {
      if (message.type() !== 'error' || !onSite()) return;
      const source = message.location().url;
      // Chrome logs every aborted request; those are reported through `blocked` instead.
      if (message.text().startsWith('Failed to load resource') && blocked.includes(source)) return;
      problems.push({ kind: 'console', url: page.url(), text: message.text() });
    });
  };
  context.on('page', watch);
  for (const page of context.pages()) watch(page);
}

/**
 * Chromium aborts a cross-document view transition (the site's cross-fade between pages, base.css)
 * when DevTools intercepts the page's requests, as this harness does to keep every request on
 * loopback, and reports it as an unhandled InvalidStateError, or as an AbortError "Transition was
 * skipped" (Chromium 150). A visitor's browser does not (checked with no interception, on a
 * throttled network; the AbortError: four navigations from / to /contact with no interception, none,
 * and two of four with it); routes.test.ts tests the transition itself in a browser that
 * intercepts nothing.
 */
export function isInterceptionArtefact(error: Error): boolean {
  if (error.name === 'AbortError' && error.message === 'Transition was skipped') return true;
  return error.name === 'InvalidStateError' && /^Transition was aborted because of invalid state\. ViewTransition opt-in disabled$/.test(error.message);
}

function unexpected(problems: BrowserProblem[], allow: RegExp[]): BrowserProblem[] {
  return problems.filter((problem) => problem.kind === 'pageerror' || !allow.some((pattern) => pattern.test(problem.text)));
}

function describe(path: string, problems: BrowserProblem[]): string {
  return `Errors on ${path}:\n${problems.map((p) => `  [${p.kind}] ${p.url}: ${p.text}`).join('\n')}`;
}

/**
 * Reaches for a control as a visitor does before using it: scrolls it into view and puts the
 * pointer on it (which is what loads an island such as the brochure's sign-in), then waits until
 * it can be used: neither `disabled` nor `aria-disabled` (Login stays in the Tab order while sign-in
 * loads, announced as unavailable). playwright-core has no `expect`.
 */
export async function reachFor(locator: Locator): Promise<void> {
  await locator.waitFor();
  await locator.scrollIntoViewIfNeeded();
  await locator.hover();
  await waitUntilUsable(locator);
}

/** Waits, doing nothing to the page, until the control is neither `disabled` nor `aria-disabled`. */
export async function waitUntilUsable(locator: Locator): Promise<void> {
  const handle = await locator.elementHandle();
  await locator
    .page()
    .waitForFunction(
      (element) => element instanceof HTMLElement && !element.matches(':disabled') && element.getAttribute('aria-disabled') !== 'true',
      handle,
    );
}

export async function startHarness(): Promise<BrowserHarness & { close(): Promise<void> }> {
  const server: RunningServer = await serve({ root: DIST, host: '127.0.0.1', port: 0 });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: LAUNCH_ARGS, timeout: 30_000 });
  } catch (error) {
    await server.close();
    throw new Error(`Cannot launch ${CHROMIUM_PATH} (install it with: apt-get install -y chromium)`, { cause: error });
  }
  const baseUrl = server.url;

  async function newSession(options: PageOptions = {}): Promise<PageSession> {
    const context = await browser.newContext({
      viewport: options.viewport ?? DESKTOP,
      reducedMotion: options.reducedMotion ?? 'no-preference',
      acceptDownloads: true,
      ...options.contextOptions,
    });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
    const problems: BrowserProblem[] = [];
    const blocked: string[] = [];
    // tsx compiles test code with esbuild's keepNames, which wraps named functions in __name(…);
    // functions sent to page.evaluate/waitForFunction carry those calls into the page.
    await context.addInitScript('globalThis.__name = (target) => target;');
    await isolate(context, blocked);
    collectProblems(context, baseUrl, problems, blocked);
    const page = await context.newPage();
    return { page, context, problems, blocked, url: (path) => new URL(path, baseUrl).href };
  }

  return {
    baseUrl,
    browser,
    newSession,
    async withPage(path, fn, options = {}) {
      const session = await newSession(options);
      try {
        try {
          await session.page.goto(session.url(path), { waitUntil: 'load' });
          await fn(session);
        } catch (error) {
          // The page's own errors often explain a failed step.
          if (error instanceof Error && session.problems.length > 0) error.message += `\n${describe(path, session.problems)}`;
          throw error;
        }
        const left = unexpected(session.problems, options.allowConsoleErrors ?? []);
        if (left.length > 0) throw new Error(describe(path, left));
      } finally {
        await session.context.close();
      }
    },
    async close() {
      await browser.close();
      await server.close();
    },
  };
}

/**
 * Registers node:test hooks that start the harness before the file's tests and stop it after;
 * returns a handle whose members work inside the tests.
 */
export function browserHarness(): BrowserHarness {
  let harness: (BrowserHarness & { close(): Promise<void> }) | null = null;
  const ready = () => {
    if (!harness) throw new Error('browserHarness(): the harness is not started (call it at the top level of a test file)');
    return harness;
  };
  before(async () => {
    harness = await startHarness();
  });
  after(async () => {
    await harness?.close();
  });
  return {
    get baseUrl() {
      return ready().baseUrl;
    },
    get browser() {
      return ready().browser;
    },
    newSession: (options) => ready().newSession(options),
    withPage: (path, fn, options) => ready().withPage(path, fn, options),
  };
}
