/**
 * scripts/hosting/serve.ts against request targets no browser sends: ones that would make it redirect
 * off the site, malformed ones, traversal through `..`, encoded separators and symlinks, and
 * very long ones. Sent byte for byte over a raw socket, since fetch would clean the URL first
 * (resolve `..`, refuse CR/LF) and never let the server see them.
 */
// @tier slow: starts the hosting server
// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { serve, type RunningServer } from '../../scripts/hosting/serve';

const SECRET = 'TOP SECRET, outside dist';

let work: string;
let server: RunningServer;
let consoleError: MockInstance<typeof console.error>;

interface RawResponse {
  status: number;
  headers: Map<string, string>;
  body: string;
}

function write(path: string, content: string) {
  const file = join(work, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
}

/**
 * Sends bytes as they are and parses every response on the connection until the server closes it
 * (the last request says `Connection: close`; the server closes after a request it cannot parse).
 */
function exchange(bytes: string): Promise<RawResponse[]> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer still leaves the answer to check.
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(parseResponses(Buffer.concat(chunks).toString('latin1'))));
    // latin1: one byte per character, so a test can send any byte, e.g. '\xff' or raw UTF-8.
    // Not half-closed (end): the server may drop a connection whose client has stopped sending.
    socket.write(Buffer.from(bytes, 'latin1'));
  });
}

function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let at = 0;
  while (text.indexOf('\r\n\r\n', at) >= 0) {
    const headEnd = text.indexOf('\r\n\r\n', at);
    const [statusLine = '', ...lines] = text.slice(at, headEnd).split('\r\n');
    const headers = new Map(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    at = headEnd + 4;
    let body = '';
    if (headers.get('transfer-encoding') === 'chunked') {
      for (;;) {
        const sizeEnd = text.indexOf('\r\n', at);
        const size = parseInt(text.slice(at, sizeEnd), 16);
        at = sizeEnd + 2;
        if (!(size > 0)) break;
        body += text.slice(at, at + size);
        at += size + 2;
      }
      at += 2;
    } else {
      const length = Number(headers.get('content-length') ?? text.length - at);
      body = text.slice(at, at + length);
      at += length;
    }
    responses.push({ status: Number(statusLine.split(' ')[1]), headers, body });
  }
  return responses;
}

const request = (target: string, connection = 'close') => `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\n\r\n`;

/** What a browser would see for one request target; any Location is checked to stay on the site. */
async function get(target: string): Promise<RawResponse> {
  const [response, ...more] = await exchange(request(target));
  expect(response, JSON.stringify(target.slice(0, 60))).toBeDefined();
  expect(more).toEqual([]);
  const location = response!.headers.get('location');
  if (location !== undefined) expectSiteLocation(location, target);
  return response!;
}

/**
 * A Location a browser resolves to this site: `/`, then no `/` or `\` (`//host` and `/\host`
 * are other sites), and no control character, space, non-ASCII or backslash anywhere.
 */
function expectSiteLocation(location: string, target: string) {
  const where = `Location ${JSON.stringify(location)} for ${JSON.stringify(target.slice(0, 60))}`;
  expect(location, where).toMatch(/^\/(?![/\\])/);
  // eslint-disable-next-line no-control-regex -- a Location header must have no control characters
  expect(location, where).not.toMatch(/[\x00-\x20\x7f-\uffff\\]/);
}

/** A short plain-text refusal, not an error page or a stack trace. */
function expectPlainRefusal(response: RawResponse, status: number, target: string) {
  const where = JSON.stringify(target.slice(0, 60));
  expect(response.status, where).toBe(status);
  expect(response.headers.get('content-type'), where).toBe('text/plain; charset=utf-8');
  expect(response.body.length, where).toBeGreaterThan(0);
  expect(response.body.length, where).toBeLessThan(100);
  expect(response.body, where).not.toMatch(/\bat \S+:\d+/);
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'serve-hostile-'));
  write('secret.txt', SECRET);
  write('dist/index.html', '<h1>Home</h1>');
  write('dist/etabs/index.html', '<h1>ETABS</h1>');
  write('dist/faculty/index.html', '<h1>Faculty</h1>');
  write('dist/404.html', '<h1>Page not found</h1>');
  write('dist/assets/real.txt', 'inside dist');
  write('dist/_redirects.json', JSON.stringify([{ from: '/Faculty', to: '/faculty' }]));
  // Links out of dist (a file and a folder), and one that stays inside.
  symlinkSync(join(work, 'secret.txt'), join(work, 'dist/leak.txt'));
  symlinkSync(work, join(work, 'dist/linked'));
  symlinkSync(join(work, 'dist/assets/real.txt'), join(work, 'dist/alias.txt'));
  server = await serve({ root: join(work, 'dist'), port: 0 });
  consoleError = vi.spyOn(console, 'error');
});

afterEach(() => {
  // A hostile request is answered, not logged as a crash.
  expect(consoleError).not.toHaveBeenCalled();
});

afterAll(async () => {
  consoleError.mockRestore();
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('serve, against hostile request targets', () => {
  it('never redirects off the site, whatever the path holds', async () => {
    // [target as sent, status, Location of a 301]
    const cases: [string, number, string?][] = [
      // Backslashes, which browsers read as `/`: `/\host` is `//host`.
      ['/%5cevil.example/', 404],
      ['/%5Cevil.example', 404],
      ['/%5c%5cevil.example/', 404],
      ['/\\evil.example/', 400],
      ['/\\/evil.example/', 400],
      // Empty segments: `//host` is another site, so the redirect keeps one slash.
      ['//evil.example/', 301, '/evil.example'],
      ['///evil.example', 301, '/evil.example'],
      ['/etabs//', 301, '/etabs'],
      // Encoded slashes name no file: a slash inside a segment.
      ['/%2fevil.example/', 404],
      ['/%2F%2Fevil.example', 404],
      // Dot segments are resolved as a browser resolves them, then redirected to.
      ['/./evil.example/', 301, '/evil.example'],
      ['/.//evil.example', 301, '/evil.example'],
      ['/../evil.example/', 301, '/evil.example'],
      ['/%2e%2e//evil.example', 301, '/evil.example'],
      ['/etabs/..//evil.example/', 301, '/evil.example'],
      ['/./etabs', 301, '/etabs'],
      // Tabs and newlines, which browsers drop from a URL, and header injection.
      ['/%09/evil.example/', 400],
      ['/%0d%0aLocation:%20https://evil.example/', 400],
      ['/etabs%0a/', 400],
      // A scheme-looking segment stays a path.
      ['/https:/evil.example/', 301, '/https%3A/evil.example'],
      // The query is kept, and cannot turn the Location into another site either.
      ['/etabs/?next=//evil.example', 301, '/etabs?next=//evil.example'],
      ['/etabs/?next=\\evil.example', 301, '/etabs?next=%5Cevil.example'],
      ['/Faculty?next=\\evil.example', 301, '/faculty?next=%5Cevil.example'],
      ['/etabs/index.html?a=1', 301, '/etabs?a=1'],
    ];
    for (const [target, status, location] of cases) {
      const response = await get(target);
      expect(response.status, target).toBe(status);
      expect(response.headers.get('location'), target).toBe(location);
    }
  });

  it('answers a malformed path with 400 and a short plain body', async () => {
    const targets = [
      // Percent-encoded: NUL, control characters, bad escapes, bytes that are not UTF-8.
      '/%00',
      '/etabs%00.html',
      '/%1b[31m',
      '/%7f',
      '/%c2%85',
      '/%zz',
      '/%',
      '/etabs%2',
      '/%c3%28',
      '/%ed%a0%80',
      '/%ff',
      // Raw bytes that cannot be in a request target (refused by Node's parser first).
      '/\x00',
      '/etabs\x01',
      '/\x7f',
      '/\xff',
      '/\xc3\xa9',
      '/a\tb',
    ];
    for (const target of targets) expectPlainRefusal(await get(target), 400, target);
    // Still correct for what a browser does send.
    expect((await get('/%65tabs')).body).toBe('<h1>ETABS</h1>');
  });

  it('answers a CR or LF in the request line with 400 and goes on serving', async () => {
    const lines = [
      // Node's parser reads these as an HTTP/0.9 request for /etabs, the rest of the line as a header.
      'GET /etabs\r\nSet-Cookie: a=b HTTP/1.1',
      'GET /etabs\nX: y HTTP/1.1',
      'GET /etabs\r\n',
      // And refuses these itself.
      'GET /et\rabs HTTP/1.1',
      'GET /et\nabs HTTP/1.1',
    ];
    for (const line of lines) {
      const responses = await exchange(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
      expect(responses.length, JSON.stringify(line)).toBe(1);
      expectPlainRefusal(responses[0]!, 400, line);
      expect(responses[0]!.headers.has('set-cookie')).toBe(false);
      expect((await get('/etabs')).status).toBe(200);
    }
    // An encoded CR/LF is refused on a kept-alive connection, which then answers the next request.
    const [refused, next] = await exchange(request('/%0d%0a/', 'keep-alive') + request('/etabs'));
    expectPlainRefusal(refused!, 400, '/%0d%0a/');
    expect(next?.status).toBe(200);
    expect(next?.body).toBe('<h1>ETABS</h1>');
  });

  it('never serves a file from outside dist/', async () => {
    // [target as sent, status of the last response after following redirects]
    const cases: [string, number][] = [
      ['/../secret.txt', 404],
      ['/%2e%2e/secret.txt', 404],
      ['/.%2e/secret.txt', 404],
      ['/%2e%2e/%2e%2e/%2e%2e/etc/passwd', 404],
      ['/..%2fsecret.txt', 404],
      ['/%2e%2e%2fsecret.txt', 404],
      ['/..%5csecret.txt', 404],
      ['/..\\secret.txt', 400],
      ['/%2e%2e/secret.txt%00', 400],
      ['/%2e%2e/secret.txt%00.html', 400],
      // Symlinks in dist/ that lead out of it.
      ['/leak.txt', 404],
      ['/linked/secret.txt', 404],
    ];
    for (const [target, status] of cases) {
      let response = await get(target);
      for (let hops = 0; response.status === 301 && hops < 3; hops++) response = await get(response.headers.get('location')!);
      expect(response.status, target).toBe(status);
      expect(response.body, target).not.toContain(SECRET);
    }
    // A symlink that stays inside dist/ is still served.
    expect((await get('/alias.txt')).body).toBe('inside dist');
  });

  it('answers very long paths by their length, not by retrying a pattern over them', async () => {
    const cases: [string, number, string?][] = [
      // Under the 8 KB cap: the correct answer.
      ['/a' + '/'.repeat(8000) + 'x/', 301, '/a/x'],
      ['/'.repeat(8000), 301, '/'],
      ['/' + './'.repeat(4000) + 'etabs', 301, '/etabs'],
      ['/' + '%2f'.repeat(2700), 404],
      // Over it: 414 URI Too Long.
      ['/a' + '/'.repeat(15_000) + 'x/', 414],
      ['/'.repeat(15_000), 414],
      ['/etabs?' + 'a'.repeat(9000), 414],
      // Over Node's 16 KB limit on a request head: 431, from Node's parser.
      ['/'.repeat(100_000), 431],
      ['/a' + '/'.repeat(100_000) + 'x/', 431],
    ];
    for (const [target, status, location] of cases) {
      const response = await get(target);
      expect(response.status, `${target.slice(0, 20)}… (${target.length} characters)`).toBe(status);
      expect(response.headers.get('location')).toBe(location);
    }
    expect((await get('/etabs')).body).toBe('<h1>ETABS</h1>');
  });
});
