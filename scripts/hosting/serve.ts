/**
 * A small static server for the production build (`dist/`) that behaves like Firebase Hosting
 * with `cleanUrls: true` and `trailingSlash: false`, and sends the response headers of
 * firebase.json (caching, security, Content-Security-Policy) the way Hosting does: used by
 * `npm start`, the browser tests and `npm run audit`.
 *
 *   tsx scripts/hosting/serve.ts [--root dist] [--host 127.0.0.1] [--port 4173]
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { CompressedCache } from './compressed-cache';
import { CONTENT_TYPES } from './content-types';
import { FIREBASE_JSON, headerMatcher, readFirebaseConfig, withLocalEmulator, type HeaderMatcher } from './hosting';

export interface ServeOptions {
  /** Folder to serve (the build output). */
  root: string;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The firebase.json whose `hosting.headers` to send; default the project's. */
  firebaseJson?: string;
  /**
   * Whether the policy admits the local Auth emulator (firebase.json's `emulators.auth`); default:
   * when served on a loopback address, as `npm start` is. The hosted editor's previews say it
   * themselves: only in emulator mode, wherever they listen (a server behind a proxy listens on loopback).
   */
  localEmulator?: boolean;
  /** Where compressed files are kept; default one cache (32 MB) shared by every handler of this process. */
  compressedCache?: CompressedCache;
}

export interface RunningServer {
  /** Base address without a trailing slash, e.g. http://127.0.0.1:4173. */
  url: string;
  close(): Promise<void>;
}

interface Redirect {
  from: string;
  to: string;
}

/** Hosting's own caching where firebase.json sets none: an hour for files, none for errors and redirects. */
const DEFAULT_FILE_CACHE = 'public, max-age=3600';
const NO_CACHE = 'no-cache';

/** Types Hosting compresses (brotli, else gzip) for a browser that accepts it. */
const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

type Encoding = 'br' | 'gzip';

const encoders: Record<Encoding, (data: Buffer) => Promise<Buffer>> = {
  br: (data) => promisify(brotliCompress)(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (data) => promisify(gzip)(data, { level: 9 }),
};

function acceptedEncoding(req: IncomingMessage): Encoding | null {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Compressed files of every handler in this process: each compressed once per version, within one budget. */
const sharedCompressedCache = new CompressedCache();

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** Sets a header unless firebase.json's rules already did (theirs win, as on Hosting). */
function setDefault(res: ServerResponse, name: string, value: string): void {
  if (!res.hasHeader(name)) res.setHeader(name, value);
}

/**
 * _redirects.json (alias → route), with each target as the Location to send. A target that is not
 * a path of this site stops the server: every Location it sends must keep the browser on the site.
 */
function readRedirects(root: string): Map<string, string> {
  const file = join(root, '_redirects.json');
  if (!existsSync(file)) return new Map();
  const redirects = JSON.parse(readFileSync(file, 'utf8')) as Redirect[];
  return new Map(
    redirects.map(({ from, to }) => {
      const location = encodedTarget(to);
      if (location === null || !isSiteLocation(location)) throw new Error(`${file}: ${from} redirects to ${to}, which is not a path of this site`);
      return [from, location];
    }),
  );
}

/** A route as written (e.g. /faculty) percent-encoded for a Location header; null if it cannot be encoded. */
function encodedTarget(route: string): string | null {
  try {
    return encodeURI(route);
  } catch {
    return null;
  }
}

/**
 * Whether a Location stays on this site: `/` alone or `/` and a character other than `/` or `\`
 * (browsers follow `//host` and `/\host` to another site), then only printable ASCII, so no
 * control character, space or backslash. Every redirect passes this check before it is sent.
 */
function isSiteLocation(location: string): boolean {
  if (location[0] !== '/' || location[1] === '/' || location[1] === '\\') return false;
  for (let i = 0; i < location.length; i++) {
    const code = location.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f || code === 0x5c) return false;
  }
  return true;
}

/** The longest request target answered; Node itself refuses a request head over 16 KB with 431. */
const MAX_TARGET_LENGTH = 8 * 1024;

/**
 * A request target taken apart. Every step is a single pass over the string (split, indexOf,
 * decodeURIComponent, a loop over characters), never a regular expression that could backtrack,
 * so the cost of a request grows with its length and never faster.
 */
type Target =
  /** Malformed (a control character, a bad escape, bytes that are not UTF-8): answered 400. */
  | { kind: 'invalid' }
  /** A segment decodes to a `/` or `\`: no file of the site has one in its name. */
  | { kind: 'unservable' }
  | {
      kind: 'path';
      /** The decoded segments, without empty, `.` and `..` ones (resolved as browsers do). */
      segments: string[];
      /** False when the path as sent had extra slashes, a trailing slash or dot segments. */
      canonical: boolean;
      /** `?…` as sent (printable ASCII), or ''. */
      query: string;
    };

/** The path and the query (`?…` or '') of a request target, as sent; a fragment (which browsers never send) is dropped. */
function splitTarget(target: string): { path: string; query: string } {
  const hash = target.indexOf('#');
  const beforeHash = hash < 0 ? target : target.slice(0, hash);
  const question = beforeHash.indexOf('?');
  return question < 0 ? { path: beforeHash, query: '' } : { path: beforeHash.slice(0, question), query: beforeHash.slice(question) };
}

/**
 * Whether every character may appear in a request target: printable ASCII (anything else is sent
 * percent-encoded). Node's parser already refuses control characters; checked here too so that
 * nothing below depends on how lenient it is.
 */
function isPrintableTarget(target: string): boolean {
  for (let i = 0; i < target.length; i++) {
    const code = target.charCodeAt(i);
    if (code <= 0x20 || code >= 0x7f) return false;
  }
  return true;
}

/** Whether a decoded segment holds a control character (C0, DEL or C1), which no file name here has. */
function hasControlCharacter(segment: string): boolean {
  for (let i = 0; i < segment.length; i++) {
    const code = segment.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Percent-decodes a segment; null for a malformed escape (`%zz`) or bytes that are not UTF-8 (`%c3%28`). */
function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** Takes a request target apart; the caller has refused one over MAX_TARGET_LENGTH. */
function parseTarget(target: string): Target {
  // Only origin-form (`/path?query`): not `*`, nor an absolute URL, which only proxies receive.
  if (target[0] !== '/' || !isPrintableTarget(target)) return { kind: 'invalid' };
  const { path, query } = splitTarget(target);
  // A raw backslash is no URI character, and browsers send `/` for it: only a hand-made request has one.
  if (path.includes('\\')) return { kind: 'invalid' };
  const segments: string[] = [];
  let canonical = true;
  let unservable = false;
  const raw = path.split('/');
  // raw[0] is the empty string before the leading slash; `/` alone is raw ['', ''] and canonical.
  for (let i = 1; i < raw.length; i++) {
    const segment = decodeSegment(raw[i]!);
    if (segment === null || hasControlCharacter(segment)) return { kind: 'invalid' };
    if (segment === '' || segment === '.' || segment === '..') {
      // An empty last segment of `/` is the root itself; anywhere else a slash too many.
      if (!(segment === '' && path === '/')) canonical = false;
      if (segment === '..') segments.pop();
      continue;
    }
    if (segment.includes('/') || segment.includes('\\')) unservable = true;
    segments.push(segment);
  }
  return unservable ? { kind: 'unservable' } : { kind: 'path', segments, canonical, query };
}

/** A query as sent, for a Location: a backslash is harmless there, but the Location check admits none anywhere. */
function locationQuery(query: string): string {
  return query.split('\\').join('%5C');
}

/** The Location for decoded segments: each percent-encoded, so none can add a `/`, `\` or control character. */
function locationOf(segments: readonly string[], query: string): string {
  return '/' + segments.map(encodeURIComponent).join('/') + locationQuery(query);
}

/**
 * The file to send for a candidate path: its real location, if that is a regular file inside
 * root. Resolving symlinks first means a link in dist/ to a file elsewhere is not followed out.
 */
async function servableFile(root: string, candidate: string): Promise<string | null> {
  try {
    const [realRoot, real] = await Promise.all([realpath(root), realpath(candidate)]);
    if (!real.startsWith(realRoot + sep)) return null;
    return (await stat(real)).isFile() ? real : null;
  } catch {
    return null;
  }
}

type Resolution = { kind: 'file'; file: string } | { kind: 'redirect'; location: string } | { kind: 'missing' };

/** cleanUrls: /about.html is at /about, /etabs/index.html at /etabs and /index.html at /. */
function withoutHtml(segments: readonly string[]): string[] {
  const name = segments[segments.length - 1]!.slice(0, -'.html'.length);
  return name === '' || name === 'index' ? segments.slice(0, -1) : [...segments.slice(0, -1), name];
}

async function resolvePath(root: string, redirects: Map<string, string>, target: Target & { kind: 'path' }): Promise<Resolution> {
  const { segments, canonical, query } = target;
  const redirect = redirects.get('/' + segments.join('/'));
  if (redirect) return { kind: 'redirect', location: redirect + locationQuery(query) };
  // trailingSlash: false, and one URL per page: `//a/./b/` is at /a/b.
  if (!canonical) return { kind: 'redirect', location: locationOf(segments, query) };
  // The segments hold no `/`, `\`, `.`, `..` or NUL, so the join stays inside root.
  const exact = join(root, ...segments);
  if (segments.length > 0 && segments[segments.length - 1]!.endsWith('.html') && (await servableFile(root, exact))) {
    return { kind: 'redirect', location: locationOf(withoutHtml(segments), query) };
  }
  for (const candidate of [exact, join(exact, 'index.html'), `${exact}.html`]) {
    const file = await servableFile(root, candidate);
    if (file) return { kind: 'file', file };
  }
  return { kind: 'missing' };
}

/** Parses a single `bytes=start-end` range; null when absent, 'invalid' when unsatisfiable. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: string,
  status: number,
  cache: CompressedCache,
): Promise<void> {
  const info = await stat(file);
  // By the file's extension, unless firebase.json's rules give its path a type (as they do the
  // speculation rules, which browsers take only as application/speculationrules+json): theirs win, as on Hosting.
  setDefault(res, 'Content-Type', CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream');
  const contentType = String(res.getHeader('Content-Type'));
  const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
  setDefault(res, 'Cache-Control', status === 200 ? DEFAULT_FILE_CACHE : NO_CACHE);
  // A byte range is always of the file itself, so a ranged request is answered uncompressed.
  const compressible = COMPRESSIBLE.test(contentType);
  const encoding = compressible && !req.headers.range ? acceptedEncoding(req) : null;
  const body = encoding ? await cache.get(file, version, encoding, () => readFile(file).then(encoders[encoding])) : null;
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  const etag = `W/"${version}${encoding ? `-${encoding}` : ''}"`;
  if (status !== 200) {
    res.writeHead(status, { 'Content-Length': body?.length ?? info.size });
    if (req.method === 'HEAD') res.end();
    else if (body) res.end(body);
    else createReadStream(file).pipe(res);
    return;
  }
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', info.mtime.toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  if (noneMatchFails(req.headers['if-none-match'], etag)) {
    res.writeHead(304).end();
    return;
  }
  if (body) {
    res.writeHead(200, { 'Content-Length': body.length });
    if (req.method === 'HEAD') res.end();
    else res.end(body);
    return;
  }
  const range = parseRange(req.headers.range, info.size);
  if (range === 'invalid') {
    res.writeHead(416, { 'Content-Range': `bytes */${info.size}` }).end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: info.size - 1 };
  res.writeHead(range ? 206 : 200, {
    'Content-Length': Math.max(0, end - start + 1),
    ...(range ? { 'Content-Range': `bytes ${start}-${end}/${info.size}` } : {}),
  });
  if (req.method === 'HEAD' || info.size === 0) {
    res.end();
    return;
  }
  createReadStream(file, { start, end }).pipe(res);
}

function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  setDefault(res, 'Cache-Control', NO_CACHE);
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
  res.end(text);
}

interface Site {
  root: string;
  compressed: CompressedCache;
  redirects: Map<string, string>;
  headers: HeaderMatcher;
}

/** Sends a 301, refusing (as a bug) any Location that could take the browser off the site. */
function sendRedirect(res: ServerResponse, location: string): void {
  if (!isSiteLocation(location)) throw new Error(`refusing to redirect off the site: ${JSON.stringify(location)}`);
  setDefault(res, 'Cache-Control', NO_CACHE);
  res.writeHead(301, { Location: location }).end();
}

async function handle({ root, redirects, headers, compressed }: Site, req: IncomingMessage, res: ServerResponse) {
  const target = req.url ?? '/';
  // A CR or LF in the middle of a path ends the request line there, and Node's parser takes a line
  // without a version for HTTP/0.9 (whose path is the part before it): no browser sends one.
  if (req.httpVersionMajor !== 1) {
    sendText(res, 400, 'Bad request\n');
    return;
  }
  // Refused before anything looks at it (firebase.json's header patterns are regular expressions).
  if (target.length > MAX_TARGET_LENGTH) {
    sendText(res, 414, 'URI too long\n');
    return;
  }
  // Matched on the path as requested, before any redirect or 404, as Hosting does.
  for (const [name, value] of headers(splitTarget(target).path)) res.setHeader(name, value);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    return;
  }
  const parsed = parseTarget(target);
  if (parsed.kind === 'invalid') {
    sendText(res, 400, 'Bad request\n');
    return;
  }
  const resolution: Resolution = parsed.kind === 'path' ? await resolvePath(root, redirects, parsed) : { kind: 'missing' };
  if (resolution.kind === 'redirect') {
    sendRedirect(res, resolution.location);
    return;
  }
  if (resolution.kind === 'file') {
    await sendFile(req, res, resolution.file, 200, compressed);
    return;
  }
  const notFound = await servableFile(root, join(root, '404.html'));
  if (notFound) await sendFile(req, res, notFound, 404, compressed);
  else sendText(res, 404, 'Not found\n');
}

/** The statuses Node's own handler gives the parser's errors; any other is a 400. */
const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  HPE_CHUNK_EXTENSIONS_OVERFLOW: 413,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Answers a request Node's parser refused (a raw CR, LF or control character in the request
 * line, a request head over 16 KB) with a short plain-text status, as for the other errors,
 * instead of Node's empty one; the connection is then closed, the server goes on.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // Only on a connection with nothing written yet: a response already under way must not be interleaved.
  if (error.code !== 'ECONNRESET' && socket.writable && socket.bytesWritten === 0) {
    const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
    const body = `${STATUS_CODES[status]}\n`;
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: text/plain; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: ${NO_CACHE}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/**
 * firebase.json's header rules. On a loopback address the Content-Security-Policy also admits the
 * local Auth emulator, which a build without a Firebase project signs in with.
 */
function configuredHeaders(firebaseJson: string, localEmulator: boolean): HeaderMatcher {
  const config = readFirebaseConfig(firebaseJson);
  const match = headerMatcher(config.hosting.headers ?? []);
  return localEmulator ? (urlPath) => withLocalEmulator(match(urlPath), config) : match;
}

/** A request handler for a built site as Hosting serves it (the hosted editor's previews share it). */
export type SiteHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * The handler that answers requests for the build in `root` as Hosting would, with firebase.json's
 * redirects and headers (`host` is where it is served: on a loopback address the policy admits the
 * local Auth emulator).
 */
export function siteHandler({ root, host = '127.0.0.1', firebaseJson = FIREBASE_JSON, localEmulator = LOOPBACK_HOSTS.has(host), compressedCache = sharedCompressedCache }: Omit<ServeOptions, 'port'>): SiteHandler {
  const base = resolve(root);
  const site: Site = { root: base, compressed: compressedCache, redirects: readRedirects(base), headers: configuredHeaders(firebaseJson, localEmulator) };
  return (req, res) => {
    handle(site, req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) sendText(res, 500, 'Internal server error\n');
      else res.destroy();
    });
  };
}

/** Serves `root` until `close()` is called. */
export function serve({ root, host = '127.0.0.1', port = 0, firebaseJson = FIREBASE_JSON, compressedCache = sharedCompressedCache }: ServeOptions): Promise<RunningServer> {
  const server = createServer(siteHandler({ root, host, firebaseJson, compressedCache }));
  server.on('clientError', answerClientError);
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const address = server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      resolvePromise({
        url: `http://${shownHost}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      root: { type: 'string', default: 'dist' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: process.env.PORT ?? '4173' },
    },
  });
  const root = resolve(values.root);
  if (!existsSync(join(root, 'index.html'))) {
    console.error(`${root} has no index.html: run \`npm run build\` first.`);
    process.exit(1);
  }
  const server = await serve({ root, host: values.host, port: Number(values.port) });
  console.log(`Serving ${root} at ${server.url}`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

/**
 * Whether `If-None-Match` fails for a file whose entity tag is `etag` (RFC 9110, 13.1.2), so a GET or
 * HEAD is answered 304: `*` matches any file that is there, and a list matches when any of its tags
 * is the file's, compared weakly (`W/"x"` and `"x"` are the same tag).
 */
export function noneMatchFails(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const own = opaque(etag);
  return (header.match(/(?:W\/)?"[^"]*"/g) ?? []).some((tag) => opaque(tag) === own);
}
