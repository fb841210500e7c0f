/**
 * The hosting rules of firebase.json on a real build: status codes, clean URLs, the alias
 * redirects, the 404 page, caching per kind of path and the security headers. The same checks
 * run against scripts/hosting/serve.ts (what `npm start`, the browser tests and the audit use) and the
 * Firebase Hosting emulator (what `firebase deploy` will do), so the two cannot drift apart.
 */
// @tier slow: builds the site and starts the hosting server and the Firebase Hosting emulator
// @vitest-environment node
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIREBASE_BIN, FIREBASE_QUIET_ENV } from '../../scripts/hosting/auth-emulator';
import { allowOrigin, globToRegExp, headerMatcher, readFirebaseConfig, withLocalEmulator } from '../../scripts/hosting/hosting';
import { SPECULATION_RULES_PATH, SPECULATION_RULES_TYPE, speculationRulesFile } from '../../scripts/builder/speculation';
import { serve } from '../../scripts/hosting/serve';
import { isDemoProject } from '../../src/content/firebase-demo';
import { loadContent } from '../../src/content/load';
import { htmlFileOf } from '../../src/content/routes';

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'cesa-hosting-test-'));
const dist = path.join(work, 'dist');
const content = loadContent({ root });
const config = readFirebaseConfig();
const rules = config.hosting.headers ?? [];
const policy = rules.flatMap((rule) => rule.headers).find((header) => header.key === 'Content-Security-Policy')?.value ?? '';
const EMULATOR_ORIGIN = `http://${config.emulators?.auth?.host}:${config.emulators?.auth?.port}`;

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SECURITY_HEADERS = {
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin-allow-popups',
};

/** A Content-Security-Policy as directive → sources. */
function directives(value: string): Map<string, string[]> {
  return new Map(
    value
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const builtFiles = (folder: string) => readdirSync(path.join(dist, folder)).map((name) => `/${folder}/${name}`);

/** What `npm run build` printed. */
let buildOutput = '';

beforeAll(() => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'commands/build.ts', '--out', dist], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the project's content does not build:\n${result.stderr}`);
  buildOutput = result.stdout;
}, 240_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('firebase.json', () => {
  it('serves dist/ with clean URLs and no trailing slashes', () => {
    expect(config.hosting).toMatchObject({ public: 'dist', cleanUrls: true, trailingSlash: false });
  });

  it('allows scripts from the site and the sign-in SDK only: nothing inline, nothing evaluated', () => {
    const csp = directives(policy);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://apis.google.com']);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('form-action')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com']);
    expect(policy).not.toMatch(/unsafe-(inline|eval)|\*(?!\.)|http:/);
  });

  it('lets every map the content embeds into a frame', () => {
    const frames = directives(policy).get('frame-src') ?? [];
    const maps = content.pages.flatMap(({ page }) => page.sections.flatMap((section) => (section.type === 'contact' && section.map ? [section.map.src] : [])));
    expect(maps.length).toBeGreaterThan(0);
    for (const map of maps) expect(frames).toContain(new URL(map).origin);
  });

  it("lets the sign-in SDK frame the site's own auth domain only, no wildcard", () => {
    const frames = directives(policy).get('frame-src') ?? [];
    expect(frames).toContain(`https://${content.site!.firebase.authDomain}`);
    expect(policy).not.toContain('*');
  });

  it('builds for deployment before `firebase deploy` uploads dist/', () => {
    expect(config.hosting.predeploy).toEqual(['npm run build -- --deploy']);
  });

  it('never sets Cache-Control twice for one path, so no rule depends on the order Hosting applies them in', () => {
    const paths = ['/', ...content.pages.map((entry) => entry.route), '/no-such-page', ...builtFiles('assets'), SPECULATION_RULES_PATH, '/sitemap.xml', '/favicon.svg'];
    for (const urlPath of paths) {
      const setting = rules.filter((rule) => rule.headers.some((header) => header.key === 'Cache-Control') && headerMatcher([rule])(urlPath).size > 0);
      expect(setting.length, urlPath).toBeLessThanOrEqual(1);
    }
  });
});

describe('the build needs no inline script or style', () => {
  const htmlFiles = () => ['404.html', ...content.pages.map((entry) => htmlFileOf(entry.route))];

  it('has only external scripts and JSON data blocks, which the policy allows without unsafe-inline', () => {
    for (const file of htmlFiles()) {
      const html = readFileSync(path.join(dist, file), 'utf8');
      for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
        expect(/\ssrc="\/assets\/[^"]+\.js"/.test(tag) || /\stype="application\/(ld\+)?json"/.test(tag), `${file}: ${tag}`).toBe(true);
      }
      expect(html, file).not.toMatch(/<style\b|\sstyle="|\son[a-z]+="/);
    }
  });
});

describe('the speculation rules', () => {
  it('are in the build, at the path every page names (scripts/builder/speculation.ts)', () => {
    const { path: sitePath, text } = speculationRulesFile();
    expect(readFileSync(path.join(dist, sitePath), 'utf8')).toBe(text);
  });
});

describe('a plain build', () => {
  it('says, in one line, when its output is for local use with the sign-in emulator and cannot be deployed', () => {
    const lines = buildOutput.split('\n').filter((line) => /sign-in emulator/.test(line));
    // The example settings of pages/_site.yaml (a demo- project) until the real ones are set.
    const local = isDemoProject(content.site!.firebase.projectId);
    expect(lines).toHaveLength(local ? 1 : 0);
    if (local) expect(lines[0]).toMatch(/for local use .*cannot be deployed/);
  });
});

describe('the policy on a local run', () => {
  it('also admits the Auth emulator of firebase.json, for connections and its frame only', () => {
    const local = withLocalEmulator(new Map([['Content-Security-Policy', policy]]), config).get('Content-Security-Policy')!;
    const csp = directives(local);
    expect(csp.get('connect-src')).toContain(EMULATOR_ORIGIN);
    expect(csp.get('frame-src')).toContain(EMULATOR_ORIGIN);
    expect(local.split(EMULATOR_ORIGIN)).toHaveLength(3);
  });

  it('creates a missing directive from default-src', () => {
    expect(allowOrigin("default-src 'self'; img-src 'self'", ['connect-src'], 'http://127.0.0.1:9099')).toBe(
      "default-src 'self'; img-src 'self'; connect-src 'self' http://127.0.0.1:9099",
    );
  });

  it('reads globs as minimatch does and refuses syntax it does not support', () => {
    expect(globToRegExp('**').test('/')).toBe(true);
    expect(globToRegExp('/assets/**').test('/assets/index-1a2b.js')).toBe(true);
    expect(globToRegExp('/assets/**').test('/assets')).toBe(false);
    expect(globToRegExp('/assets/**').test('/etabs')).toBe(false);
    expect(globToRegExp('/*.html').test('/a/b.html')).toBe(false);
    expect(() => globToRegExp('/**/*.@(js|css)')).toThrow(/Unsupported glob/);
  });
});

interface Host {
  url: string;
  close(): Promise<void>;
}

/** The checks both servers must pass. `localPolicy`: the server adds the Auth emulator to the policy. */
function hostingChecks(name: string, start: () => Promise<Host>, { localPolicy }: { localPolicy: boolean }) {
  describe(name, () => {
    let host: Host;
    const get = (urlPath: string) => fetch(host.url + urlPath, { redirect: 'manual' });
    const expectedPolicy = localPolicy ? allowOrigin(policy, ['connect-src', 'frame-src'], EMULATOR_ORIGIN) : policy;

    function expectSecurityHeaders(response: Response, what: string) {
      for (const [header, value] of Object.entries(SECURITY_HEADERS)) expect(response.headers.get(header), `${what}: ${header}`).toBe(value);
      expect(response.headers.get('permissions-policy'), what).toMatch(/camera=\(\)/);
      expect(response.headers.get('content-security-policy'), what).toBe(expectedPolicy);
    }

    beforeAll(async () => {
      host = await start();
    }, 120_000);
    afterAll(() => host?.close());

    it('serves every route at its clean URL as fresh HTML with the security headers', async () => {
      for (const { route } of content.pages) {
        const response = await get(route);
        expect(response.status, route).toBe(200);
        expect(response.headers.get('content-type'), route).toMatch(/^text\/html/);
        expect(response.headers.get('cache-control'), route).toBe('no-cache');
        expectSecurityHeaders(response, route);
        expect(await response.text(), route).toContain(`<link rel="canonical" href="${new URL(route, content.site!.url).href}"`);
      }
    });

    it('redirects every alias permanently to its page', async () => {
      expect([...content.redirects]).toEqual(expect.arrayContaining([['/Faculty', '/faculty']]));
      for (const [alias, target] of content.redirects) {
        const response = await get(alias);
        expect(response.status, alias).toBe(301);
        expect(response.headers.get('location'), alias).toBe(target);
      }
      const autocad = await get('/autocad');
      expect(autocad.status).toBe(301);
      expect(autocad.headers.get('location')).toBe('/structural-autocad');
    });

    it('serves the brochure to anyone who has its address (the sign-in before it is a courtesy), and keeps it out of search engines', async () => {
      const brochure = await get(content.site!.brochure.file);
      expect(brochure.status).toBe(200);
      expect(brochure.headers.get('x-robots-tag')).toBe('noindex');
      expect((await get('/etabs')).headers.get('x-robots-tag')).toBeNull();
      const robots = await (await get('/robots.txt')).text();
      expect(robots).toContain('Disallow: /downloads/\n');
      expect(robots).toContain('Allow: /\n');
    });

    it('drops a trailing slash with a permanent redirect', async () => {
      const response = await get('/etabs/');
      expect(response.status).toBe(301);
      expect(response.headers.get('location')).toBe('/etabs');
    });

    it('answers an unknown URL with the 404 page, status 404, not indexed', async () => {
      const response = await get('/no-such-page');
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(response, '/no-such-page');
      const html = await response.text();
      expect(html).toBe(readFileSync(path.join(dist, '404.html'), 'utf8'));
      expect(html).toContain('<meta name="robots" content="noindex"');
      expect(html).toMatch(/<h1[^>]*>Page not found<\/h1>/);
    });

    it('caches hashed assets for a year, immutable', async () => {
      const assets = builtFiles('assets');
      expect(assets.some((file) => file.endsWith('.js')) && assets.some((file) => file.endsWith('.css'))).toBe(true);
      for (const asset of assets) {
        const response = await get(asset);
        expect(response.status, asset).toBe(200);
        expect(response.headers.get('cache-control'), asset).toBe(IMMUTABLE);
        expect(response.headers.get('content-type'), asset).toMatch(asset.endsWith('.js') ? /javascript/ : /text\/css/);
        expectSecurityHeaders(response, asset);
      }
    });

    it('names the speculation rules on every page, and serves them with the only type a browser takes them as', async () => {
      for (const route of ['/', ...content.pages.map((entry) => entry.route), '/no-such-page']) {
        expect((await get(route)).headers.get('speculation-rules'), route).toBe(`"${SPECULATION_RULES_PATH}"`);
      }
      expect((await get(builtFiles('assets')[0]!)).headers.get('speculation-rules')).toBeNull();
      const response = await get(SPECULATION_RULES_PATH);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(SPECULATION_RULES_TYPE);
      expectSecurityHeaders(response, SPECULATION_RULES_PATH);
      const rules = JSON.parse(await response.text()) as { prefetch?: { eagerness?: string }[]; prerender?: { eagerness?: string }[] };
      expect([...(rules.prefetch ?? []), ...(rules.prerender ?? [])]).toContainEqual(expect.objectContaining({ eagerness: 'moderate' }));
    });

    it('serves the sitemap, robots.txt and the brochure with the security headers', async () => {
      for (const file of ['/sitemap.xml', '/robots.txt', content.site!.brochure.file]) {
        const response = await get(file);
        expect(response.status, file).toBe(200);
        expect(response.headers.get('cache-control'), file).not.toBe(IMMUTABLE);
        expectSecurityHeaders(response, file);
      }
    });
  });
}

hostingChecks('scripts/hosting/serve.ts', () => serve({ root: dist, host: '127.0.0.1', port: 0 }), { localPolicy: true });

hostingChecks('the Firebase Hosting emulator', () => startHostingEmulator(), { localPolicy: false });

/** A free loopback port. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * `firebase emulators:start --only hosting` on the test's build, with the project's firebase.json
 * (copied beside the build so that `public: dist` names it) on a free port. Offline.
 */
async function startHostingEmulator(): Promise<Host> {
  const port = await freePort();
  const file = path.join(work, 'firebase.json');
  writeFileSync(file, JSON.stringify({ ...config, emulators: { ...config.emulators, hosting: { host: '127.0.0.1', port } } }, null, 2));
  const child: ChildProcess = spawn(FIREBASE_BIN, ['emulators:start', '--only', 'hosting', '--project', 'demo-cesa', '--config', file], {
    cwd: work,
    env: { ...process.env, ...FIREBASE_QUIET_ENV },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return done();
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        done();
      });
      process.kill(-child.pid, 'SIGINT');
    });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Hosting emulator stopped:\n${output}`);
    try {
      await fetch(`${url}/`, { signal: AbortSignal.timeout(1000) });
      return { url, close: stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
  await stop();
  throw new Error(`the Hosting emulator did not answer on ${url}:\n${output}`);
}
