/**
 * A small static server for the production build (`dist/`) that behaves like Firebase Hosting
 * with `cleanUrls: true` and `trailingSlash: false`, and sends the response headers of
 * firebase.json (caching, security, Content-Security-Policy) the way Hosting does: used by
 * `npm start`, the browser tests and `npm run audit`.
 *
 *   tsx scripts/serve.ts [--root dist] [--host 127.0.0.1] [--port 4173]
 */
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { FIREBASE_JSON, headerMatcher, readFirebaseConfig, withLocalEmulator, type HeaderMatcher } from './lib/hosting';

export interface ServeOptions {
  /** Folder to serve (the build output). */
  root: string;
  host?: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** The firebase.json whose `hosting.headers` to send; default the project's. */
  firebaseJson?: string;
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

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.pdf': 'application/pdf',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
};

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

/** Compressed files, by path, version and encoding: each is compressed once per server. */
const compressedCache = new Map<string, Promise<Buffer>>();

function compressed(file: string, version: string, encoding: Encoding): Promise<Buffer> {
  const key = `${file}\0${version}\0${encoding}`;
  let result = compressedCache.get(key);
  if (!result) {
    result = readFile(file).then(encoders[encoding]);
    compressedCache.set(key, result);
  }
  return result;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1']);

/** Sets a header unless firebase.json's rules already did (theirs win, as on Hosting). */
function setDefault(res: ServerResponse, name: string, value: string): void {
  if (!res.hasHeader(name)) res.setHeader(name, value);
}

function readRedirects(root: string): Map<string, string> {
  const file = join(root, '_redirects.json');
  if (!existsSync(file)) return new Map();
  const redirects = JSON.parse(readFileSync(file, 'utf8')) as Redirect[];
  return new Map(redirects.map((redirect) => [redirect.from, redirect.to]));
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** Resolves a decoded URL path to a file inside root, or null if it would leave root. */
function inside(root: string, urlPath: string): string | null {
  const file = resolve(root, `.${urlPath}`);
  return file === root || file.startsWith(root + sep) ? file : null;
}

type Resolution = { kind: 'file'; file: string } | { kind: 'redirect'; location: string } | { kind: 'missing' };

/** A same-site Location: `//host` would send the browser to another site. */
function sitePath(path: string): string {
  return '/' + path.replace(/^\/+/, '');
}

async function resolvePath(root: string, redirects: Map<string, string>, urlPath: string): Promise<Resolution> {
  const redirect = redirects.get(urlPath);
  if (redirect) return { kind: 'redirect', location: redirect };
  if (urlPath.length > 1 && urlPath.endsWith('/')) {
    return { kind: 'redirect', location: sitePath(urlPath.replace(/\/+$/, '')) };
  }
  const exact = inside(root, urlPath);
  if (!exact) return { kind: 'missing' };
  if (urlPath.endsWith('.html') && (await isFile(exact))) {
    // cleanUrls: /about.html and /about/index.html are served at /about.
    return { kind: 'redirect', location: sitePath(urlPath.replace(/(\/index)?\.html$/, '')) };
  }
  if (await isFile(exact)) return { kind: 'file', file: exact };
  for (const candidate of [join(exact, 'index.html'), `${exact}.html`]) {
    if (await isFile(candidate)) return { kind: 'file', file: candidate };
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
): Promise<void> {
  const info = await stat(file);
  const contentType = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
  const version = `${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}`;
  res.setHeader('Content-Type', contentType);
  setDefault(res, 'Cache-Control', status === 200 ? DEFAULT_FILE_CACHE : NO_CACHE);
  // A byte range is always of the file itself, so a ranged request is answered uncompressed.
  const compressible = COMPRESSIBLE.test(contentType);
  const encoding = compressible && !req.headers.range ? acceptedEncoding(req) : null;
  const body = encoding ? await compressed(file, version, encoding) : null;
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
  if (req.headers['if-none-match'] === etag) {
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
  redirects: Map<string, string>;
  headers: HeaderMatcher;
}

async function handle({ root, redirects, headers }: Site, req: IncomingMessage, res: ServerResponse) {
  // Matched on the path as requested, before any redirect or 404, as Hosting does.
  const requested = (req.url ?? '/').replace(/[?#].*$/, '');
  for (const [name, value] of headers(requested)) res.setHeader(name, value);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    sendText(res, 405, 'Method not allowed\n', { Allow: 'GET, HEAD' });
    return;
  }
  const target = req.url ?? '/';
  // Concatenated rather than resolved, so that `//host/x` stays a path of this site.
  const url = target.startsWith('/') ? new URL(`http://localhost${target}`) : null;
  let urlPath: string | null = null;
  try {
    urlPath = url ? decodeURIComponent(url.pathname) : null;
  } catch {
    urlPath = null;
  }
  if (!url || urlPath === null || urlPath.includes('\0')) {
    sendText(res, 400, 'Bad request\n');
    return;
  }
  const resolution = await resolvePath(root, redirects, urlPath);
  if (resolution.kind === 'redirect') {
    setDefault(res, 'Cache-Control', NO_CACHE);
    res.writeHead(301, { Location: resolution.location + url.search }).end();
    return;
  }
  if (resolution.kind === 'file') {
    await sendFile(req, res, resolution.file, 200);
    return;
  }
  const notFound = join(root, '404.html');
  if (await isFile(notFound)) await sendFile(req, res, notFound, 404);
  else sendText(res, 404, 'Not found\n');
}

/**
 * firebase.json's header rules. On a loopback address the Content-Security-Policy also admits the
 * local Auth emulator, which a build without a Firebase project signs in with.
 */
function configuredHeaders(firebaseJson: string, host: string): HeaderMatcher {
  const config = readFirebaseConfig(firebaseJson);
  const match = headerMatcher(config.hosting.headers ?? []);
  return LOOPBACK_HOSTS.has(host) ? (urlPath) => withLocalEmulator(match(urlPath), config) : match;
}

/** Serves `root` until `close()` is called. */
export function serve({ root, host = '127.0.0.1', port = 0, firebaseJson = FIREBASE_JSON }: ServeOptions): Promise<RunningServer> {
  const base = resolve(root);
  const site: Site = { root: base, redirects: readRedirects(base), headers: configuredHeaders(firebaseJson, host) };
  const server = createServer((req, res) => {
    handle(site, req, res).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) sendText(res, 500, 'Internal server error\n');
      else res.destroy();
    });
  });
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
