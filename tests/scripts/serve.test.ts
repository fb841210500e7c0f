// @tier slow: starts the hosting server
// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SPECULATION_RULES_TYPE, speculationRulesFile } from '../../scripts/builder/speculation';
import { CompressedCache } from '../../scripts/hosting/compressed-cache';
import { serve, type RunningServer } from '../../scripts/hosting/serve';

let root: string;
let server: RunningServer;

function write(path: string, content: string | Uint8Array) {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

function get(path: string, init: RequestInit = {}) {
  return fetch(server.url + path, { redirect: 'manual', ...init });
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'serve-test-'));
  write('index.html', '<h1>Home</h1>');
  write('etabs/index.html', '<h1>ETABS</h1>');
  write('faculty/index.html', '<h1>Faculty</h1>');
  write('404.html', '<h1>Page not found</h1>');
  write('assets/app-1a2b3c.js', 'console.log(1)');
  write('assets/app-1a2b3c.css', 'body{}');
  write('downloads/cesa-brochure.pdf', '%PDF-1.7 test');
  write('images/logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write('images/photo.webp', 'RIFF');
  write('media/hero.webm', '0123456789');
  write('media/hero.mp4', 'mp4');
  write('_data/index.json', '{}');
  write('_redirects.json', JSON.stringify([{ from: '/Faculty', to: '/faculty' }]));
  // Where the build writes it.
  const rules = speculationRulesFile();
  write(rules.path, rules.text);
  server = await serve({ root, port: 0 });
});

afterAll(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

describe('serve', () => {
  it('listens on a free loopback port', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('serves / and clean URLs from index.html files, as uncached HTML with the hosting headers', async () => {
    for (const [path, text] of [['/', '<h1>Home</h1>'], ['/etabs', '<h1>ETABS</h1>']] as const) {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await response.text()).toBe(text);
    }
  });

  it('redirects a trailing slash and .html to the clean URL, keeping the query', async () => {
    for (const [path, location] of [
      ['/etabs/', '/etabs'],
      ['/etabs/?a=1', '/etabs?a=1'],
      ['/etabs/index.html', '/etabs'],
      ['/index.html', '/'],
      ['//evil.example/', '/evil.example'],
    ] as const) {
      const response = await get(path);
      expect(response.status, path).toBe(301);
      expect(response.headers.get('location'), path).toBe(location);
    }
  });

  it('answers the redirects of _redirects.json with 301', async () => {
    const response = await get('/Faculty');
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/faculty');
  });

  it('answers unknown paths with 404.html and status 404', async () => {
    for (const path of ['/no-such-page', '/assets/gone.js', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toBe('<h1>Page not found</h1>');
    }
  });

  it('sends content types for every kind of file the site has', async () => {
    const expected: Record<string, string> = {
      '/assets/app-1a2b3c.js': 'text/javascript; charset=utf-8',
      '/assets/app-1a2b3c.css': 'text/css; charset=utf-8',
      '/downloads/cesa-brochure.pdf': 'application/pdf',
      '/images/logo.svg': 'image/svg+xml',
      '/images/photo.webp': 'image/webp',
      '/media/hero.webm': 'video/webm',
      '/media/hero.mp4': 'video/mp4',
      '/_data/index.json': 'application/json; charset=utf-8',
    };
    for (const [path, type] of Object.entries(expected)) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
    }
  });

  it('caches hashed assets forever and other files for an hour', async () => {
    expect((await get('/assets/app-1a2b3c.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/downloads/cesa-brochure.pdf')).headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('answers byte ranges (video seeking) and conditional requests', async () => {
    const partial = await get('/media/hero.webm', { headers: { Range: 'bytes=2-5' } });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 2-5/10');
    expect(await partial.text()).toBe('2345');
    expect((await get('/media/hero.webm', { headers: { Range: 'bytes=20-' } })).status).toBe(416);

    const first = await get('/etabs');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await get('/etabs', { headers: { 'If-None-Match': etag ?? '' } })).status).toBe(304);
    // RFC 9110: "*" matches any page that is there; a list matches when any of its tags is the page's, compared weakly.
    expect((await get('/etabs', { headers: { 'If-None-Match': '*' } })).status).toBe(304);
    expect((await get('/etabs', { headers: { 'If-None-Match': `"other", ${etag ?? ''}` } })).status).toBe(304);
    expect((await get('/etabs', { headers: { 'If-None-Match': (etag ?? '').replace(/^W\//, '') } })).status).toBe(304);
    expect((await get('/etabs', { headers: { 'If-None-Match': '"other", W/"another"' } })).status).toBe(200);
    // No page there: nothing to match, the 404 page as usual.
    expect((await get('/no-such-page', { headers: { 'If-None-Match': '*' } })).status).toBe(404);
  });

  it('compresses text for browsers that accept it, as Hosting does, and never a byte range or an image', async () => {
    // node:http rather than fetch, which would decode the body and hide the encoding.
    const raw = (path: string, headers: Record<string, string>) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((done, fail) => {
        const req = request(server.url + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', fail);
        req.end();
      });
    const br = await raw('/assets/app-1a2b3c.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Accept-Encoding');
    expect(brotliDecompressSync(br.body).toString()).toBe('console.log(1)');
    const gz = await raw('/etabs', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe('<h1>ETABS</h1>');
    const plain = await raw('/etabs', {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe('<h1>ETABS</h1>');
    const ranged = await raw('/etabs', { 'Accept-Encoding': 'br', Range: 'bytes=0-3' });
    expect(ranged.headers['content-encoding']).toBeUndefined();
    expect(ranged.body.toString()).toBe('<h1>');
    expect((await raw('/images/photo.webp', { 'Accept-Encoding': 'br' })).headers['content-encoding']).toBeUndefined();
    expect(gz.headers.etag).not.toBe(plain.headers.etag);
  });

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get('/downloads/cesa-brochure.pdf', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('13');
    expect(await head.text()).toBe('');
    const post = await get('/', { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

/** The URLs a Speculation-Rules header names (a structured-field list of strings), resolved against the page as a browser does. */
function namedRules(response: Response): string[] {
  const value = response.headers.get('speculation-rules');
  if (value === null) return [];
  return value.split(',').map((item) => {
    const string = /^"((?:[^"\\]|\\.)*)"$/.exec(item.trim());
    if (!string) throw new Error(`not a list of strings: ${value}`);
    return new URL(string[1]!.replace(/\\(.)/g, '$1'), response.url).href;
  });
}

interface SpeculationRule {
  source?: string;
  where?: unknown;
  urls?: string[];
  eagerness?: string;
}

describe('serve: speculation rules', () => {
  it('names them on every page, the 404 page too, and on no other file', async () => {
    for (const path of ['/', '/etabs', '/faculty', '/no-such-page']) {
      expect(namedRules(await get(path)), path).toEqual([`${server.url}/speculation-rules.json`]);
    }
    for (const path of ['/assets/app-1a2b3c.js', '/assets/app-1a2b3c.css', '/downloads/cesa-brochure.pdf', '/images/logo.svg']) {
      expect((await get(path)).headers.get('speculation-rules'), path).toBeNull();
    }
  });

  it('serves the rules a page names as speculation rules, which browsers take only with their own type', async () => {
    const [url] = namedRules(await get('/etabs'));
    for (const headers of [{}, { 'Accept-Encoding': 'br' }] as Record<string, string>[]) {
      const response = await fetch(url!, { redirect: 'manual', headers });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(SPECULATION_RULES_TYPE);
      expect(response.headers.get('speculation-rules')).toBeNull();
      const rules = JSON.parse(await response.text()) as { prefetch?: SpeculationRule[]; prerender?: SpeculationRule[] };
      const all = [...(rules.prefetch ?? []), ...(rules.prerender ?? [])];
      expect(all.length).toBeGreaterThan(0);
      for (const rule of all) {
        // Document rules over the page's own links, started when the visitor shows intent: never a fixed list fetched up front.
        expect(rule.where).toBeDefined();
        expect(rule.urls).toBeUndefined();
        expect(rule.eagerness).toBe('moderate');
      }
    }
  });
});

describe('serve: compressed copies', () => {
  /** A file's bytes as sent to a browser that accepts brotli, decoded; and whether they were compressed. */
  const brotli = (at: string, path: string) =>
    new Promise<{ encoding: string | undefined; text: string }>((done, fail) => {
      const req = request(at + path, { headers: { 'Accept-Encoding': 'br' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          done({ encoding: res.headers['content-encoding'], text: (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(body) : body).toString() });
        });
      });
      req.on('error', fail);
      req.end();
    });

  it('stay within their budget over many versions of a file and many files, and each answer is the file as it is now', async () => {
    const budget = 64 * 1024;
    const cache = new CompressedCache(budget);
    const own = await serve({ root, port: 0, compressedCache: cache });
    try {
      // Hex text compresses to about half: some 15 KB a version.
      const text = () => `console.log("${randomBytes(15_000).toString('hex')}");`;
      for (let version = 1; version <= 40; version++) {
        const now = text();
        write('assets/page.js', now);
        // Each save is a new version (Hosting's version: size and time of change).
        utimesSync(join(root, 'assets/page.js'), 1_700_000_000 + version, 1_700_000_000 + version);
        expect(await brotli(own.url, '/assets/page.js')).toEqual({ encoding: 'br', text: now });
        expect(cache.bytes, `version ${version}`).toBeLessThanOrEqual(budget);
        // Only the version served last is kept.
        expect(cache.size).toBe(1);
      }
      const files = Array.from({ length: 20 }, (_, index) => ({ path: `/assets/part-${index}.js`, text: text() }));
      for (const file of files) {
        write(file.path.slice(1), file.text);
        expect(await brotli(own.url, file.path)).toEqual({ encoding: 'br', text: file.text });
        expect(cache.bytes).toBeLessThanOrEqual(budget);
      }
      // The first ones, let go, are compressed again when asked for.
      expect(cache.size).toBeLessThan(files.length);
      expect(await brotli(own.url, files[0]!.path)).toEqual({ encoding: 'br', text: files[0]!.text });
      expect(cache.bytes).toBeLessThanOrEqual(budget);
    } finally {
      await own.close();
    }
  });
});
