/**
 * The plumbing of the editor's API: JSON in and out, bodies read with a size limit, and refusals
 * that carry their status and their words for the editor (ApiError of editor/protocol/api.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as z from 'zod';
import { Refusal } from '../../scripts/authoring/refusal';
import { EDITOR } from '../errors';

/** A page's YAML is at most 1 MB (src/content/source.ts); its data as JSON is about as large. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;

/** A request the API refuses: the status and what the editor reads (scripts/authoring/refusal.ts). */
export { Refusal };

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // Answers describe files that change under the editor's feet: never kept by the browser.
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

export function sendRefusal(res: ServerResponse, refusal: Refusal): void {
  // A body refused half-read (too large, too slow): the rest is not waited for.
  if (refusal.status === 408 || refusal.status === 413) res.setHeader('Connection', 'close');
  sendJson(res, refusal.status, { ...refusal.extra, error: refusal.body.error, ...(refusal.body.hint ? { hint: refusal.body.hint } : {}), code: refusal.code });
}

/**
 * How long a body may take: `graceMs`, plus the time its bytes take at `minBytesPerSecond`. A body
 * that trickles in (a slow sender, or someone holding the server's connections) is cut off at that
 * deadline instead of Node's five minutes.
 */
export interface BodyTiming {
  graceMs: number;
  minBytesPerSecond: number;
}

/**
 * 10 s, then 32 KB/s (256 kbit/s, a poor mobile upload): a page (2 MB) has 74 s, a 20 MB photo 11
 * minutes, and a sign-in (16 KB) 10.5 s.
 */
export const DEFAULT_BODY_TIMING: BodyTiming = { graceMs: 10_000, minBytesPerSecond: 32 * 1024 };

export interface BodyLimit {
  /** The most bytes read; more is refused with 413. */
  bytes: number;
  /** What a body that is too large is refused with (what is too large: a page, the default; a photo; a sign-in). */
  tooLarge?: TooLarge;
  timing?: BodyTiming;
}

/** Whether a request has a body the server has not read to its end (its connection is then not reused). */
export function bodyLeftUnread(req: IncomingMessage): boolean {
  const declared = req.headers['content-length'];
  const hasBody = req.headers['transfer-encoding'] !== undefined || (declared !== undefined && declared !== '0');
  return hasBody && !req.complete;
}

/**
 * The request's body, refused with 413 past `bytes` (nothing more is kept in memory) and with 408
 * past its deadline (BodyTiming). The deadline counts the bytes the request declares (Content-Length),
 * or `bytes` when it declares none.
 */
export function readBody(req: IncomingMessage, { bytes: limit, tooLarge: code = 'EDITOR_PAGE_TOO_LARGE', timing = DEFAULT_BODY_TIMING }: BodyLimit): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit, code));
  // Already read to its end (by another reader), or given up before anyone read it.
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  if (req.destroyed) return Promise.reject(new Error('The request was given up before its body arrived.'));
  const expected = Number.isFinite(declared) ? declared : limit;
  const deadlineMs = timing.graceMs + (expected / timing.minBytesPerSecond) * 1000;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (error?: Error) => {
      clearTimeout(timer);
      req.off('data', onData).off('end', onEnd).off('error', finish).off('close', onClose);
      if (!error) return resolve(Buffer.concat(chunks));
      // The rest is not read: the connection is closed once the answer is sent (sendRefusal).
      req.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) return finish(tooLarge(limit, code));
      chunks.push(chunk);
    };
    const onEnd = () => finish();
    // The sender went away before the end: nobody to answer (the caller sees the connection closed).
    const onClose = () => finish(new Error('The request was given up before its body arrived.'));
    const timer = setTimeout(() => finish(tooSlow()), deadlineMs);
    req.on('data', onData).on('end', onEnd).on('error', finish).on('close', onClose);
  });
}

/** The refusals of a body too large: the words say what to do about a page, a photo or a sign-in. */
export type TooLarge = 'EDITOR_PAGE_TOO_LARGE' | 'EDITOR_PHOTO_TOO_LARGE' | 'EDITOR_SIGN_IN_TOO_LARGE';

/** 413: more than `limit` bytes, in words with what to do. */
export function tooLarge(limit: number, code: TooLarge): Refusal {
  const size = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`;
  return EDITOR.refusal(code, { size });
}

function tooSlow(): Refusal {
  return EDITOR.refusal('EDITOR_REQUEST_TOO_SLOW');
}

/** Deeper than any page's data (sections, their lists, a list's items' fields): a request no editor sends. */
export const MAX_JSON_DEPTH = 64;

/**
 * How deeply the JSON text nests arrays and objects, counted in one pass over its characters without
 * parsing it (the zod check and the YAML writer walk data by recursion: 900,000 levels overflow the stack).
 * Stops counting past `max`.
 */
export function jsonDepth(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > max) return deepest;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}

/** A JSON body, checked against the shape the protocol gives it; 400 in words for anything else. */
export function parseJson<T>(body: Buffer, shape: z.ZodType<T>): T {
  const text = body.toString('utf8');
  if (jsonDepth(text) > MAX_JSON_DEPTH) throw EDITOR.refusal('EDITOR_REQUEST_TOO_DEEP', { depth: MAX_JSON_DEPTH });
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw EDITOR.refusal('EDITOR_REQUEST_UNREADABLE');
  }
  const result = shape.safeParse(parsed);
  if (!result.success) throw EDITOR.refusal('EDITOR_REQUEST_NOT_UNDERSTOOD');
  return result.data;
}

/** The JSON body of a request (at most MAX_JSON_BYTES), checked against the shape the protocol gives it. */
export async function readJson<T>(req: IncomingMessage, shape: z.ZodType<T>): Promise<T> {
  return parseJson(await readBody(req, { bytes: MAX_JSON_BYTES }), shape);
}

/**
 * One request as a route sees it: its answer, its URL, its method and the route's name (`save` for
 * /_editor/api/save, `review` for /_editor/api/publish/review).
 */
export interface Call {
  req: IncomingMessage;
  res: ServerResponse;
  url: URL;
  method: string;
  name: string;
}

/**
 * The one way the editor's servers route (the API over one checkout, the hosted editor, publishing):
 * a table keyed `METHOD name` ('POST save'), looked up by routeOf.
 */
export type Routes<R> = Readonly<Record<string, R>>;

export function routeKey(method: string | undefined, name: string): string {
  return `${method ?? 'GET'} ${name}`;
}

/** The route of `method` and `name`, or undefined. */
export function routeOf<R>(routes: Routes<R>, method: string | undefined, name: string): R | undefined {
  return Object.hasOwn(routes, routeKey(method, name)) ? routes[routeKey(method, name)] : undefined;
}

/** Whether any method has a route of this name (a request with another method is answered 405, not 404). */
export function hasName(routes: Routes<unknown>, name: string): boolean {
  return Object.keys(routes).some((key) => key.endsWith(` ${name}`));
}
