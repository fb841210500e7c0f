/**
 * The plumbing of the editor's API: JSON in and out, bodies read with a size limit, and refusals
 * that carry their status and their words for the editor (ApiError of src/editor/protocol.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as z from 'zod';
import type { ApiError } from '../../src/editor/protocol';

/** A page's YAML is at most 1 MB (src/content/source.ts); its data as JSON is about as large. */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;

/**
 * A request the API refuses: the status and what the editor reads. `extra` goes into the answer
 * beside `error` and `hint` (a delete refused for a changed file also sends the file as it is now).
 */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiError,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(body.error);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  // Answers describe files that change under the editor's feet: never kept by the browser.
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

export function sendRefusal(res: ServerResponse, refusal: Refusal): void {
  sendJson(res, refusal.status, { ...refusal.extra, error: refusal.body.error, ...(refusal.body.hint ? { hint: refusal.body.hint } : {}) });
}

/**
 * The request's body, refused with 413 past `limit` bytes (nothing more is kept in memory), with
 * `hint` saying what to do about it (what is too large: a photo, a page).
 */
export async function readBody(req: IncomingMessage, limit: number, hint = 'Split the page into several pages.'): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit, hint);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      // The rest is not read: the connection is closed once the answer is sent.
      req.pause();
      throw tooLarge(limit, hint);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function tooLarge(limit: number, hint: string): Refusal {
  const megabytes = Math.round(limit / 1024 / 1024);
  return new Refusal(413, { error: `This is more than the editor accepts at once (${megabytes} MB).`, hint });
}

/** The JSON body of a request, checked against the shape the protocol gives it. */
export async function readJson<T>(req: IncomingMessage, shape: z.ZodType<T>): Promise<T> {
  const body = await readBody(req, MAX_JSON_BYTES);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest('The editor sent something the server could not read.');
  }
  const result = shape.safeParse(parsed);
  if (!result.success) throw badRequest('The editor sent a request the server does not understand.');
  return result.data;
}

/** A request no version of the editor app sends: a programming mistake, or someone else's request. */
export function badRequest(error: string): Refusal {
  return new Refusal(400, { error, hint: 'Reload the editor (the page in the browser) and try again.' });
}
