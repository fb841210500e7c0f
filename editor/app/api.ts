/**
 * The dev server's editor API (editor/protocol/api.ts), typed: one function per endpoint. A refusal
 * (4xx) becomes an ApiFailure carrying the server's own words (`error`, `hint`), which the screens
 * show as they are; a save that finds the file changed on disk is an answer, not a failure.
 */
import {
  EDITOR_API,
  type ApiError,
  type ConflictResponse,
  type ContentResponse,
  type CreateRequest,
  type CreateResponse,
  type DeleteRequest,
  type LinksResponse,
  type PageListEntry,
  type PageResponse,
  type SaveRequest,
  type SaveResponse,
  type SchemaResponse,
  type UploadResponse,
  type ValidateRequest,
  type ValidateResponse,
} from '../protocol/api';
import { failedWithoutWords, unreachable, type ServerPlace } from '../protocol/browser-errors';

/** What went wrong, in words an editor can act on. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly hint: string | undefined;

  constructor(status: number, message: string, hint?: string) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.hint = hint;
  }
}

function isApiError(body: unknown): body is ApiError {
  return typeof body === 'object' && body !== null && typeof (body as { error?: unknown }).error === 'string';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function send(path: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(`${EDITOR_API}/${path}`, { cache: 'no-store', ...init });
  } catch (error) {
    // An aborted request is the caller's choice, not a failure to report.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const { message, hint } = unreachable(serverPlace);
    throw new ApiFailure(0, message, hint);
  }
}

/** Where the API's server is: `npm run dev` (the default) or the hosted editor (hosted-main.tsx says so), for its own words. */
let serverPlace: ServerPlace = 'dev';

export function setServerPlace(place: ServerPlace): void {
  serverPlace = place;
}

/**
 * Dispatched on `window` when the server answers 401: the hosted editor's session ended, and its
 * screen (HostedEditor.tsx) asks to sign in again. `npm run dev` never answers 401.
 */
export const SIGNED_OUT_EVENT = 'cesa-editor-signed-out';

function failure(response: Response, body: unknown): ApiFailure {
  if (response.status === 401) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  if (isApiError(body)) return new ApiFailure(response.status, body.error, body.hint);
  const { message, hint } = failedWithoutWords(serverPlace, response.status);
  return new ApiFailure(response.status, message, hint);
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await send(path, init);
  const body = await readJson(response);
  if (!response.ok) throw failure(response, body);
  return body as T;
}

function post<T>(path: string, body: unknown, signal?: AbortSignal): Promise<T> {
  return call<T>(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

export type SaveResult = { saved: SaveResponse } | { conflict: ConflictResponse };

function isConflict(body: unknown): body is ConflictResponse {
  return typeof body === 'object' && body !== null && (body as { conflict?: unknown }).conflict === true;
}

export const api = {
  schema: () => call<SchemaResponse>('schema'),
  content: () => call<ContentResponse>('content'),
  pages: () => call<PageListEntry[]>('pages'),
  page: (file: string) => call<PageResponse>(`page?file=${encodeURIComponent(file)}`),
  validate: (request: ValidateRequest, signal?: AbortSignal) => post<ValidateResponse>('validate', request, signal),
  create: (request: CreateRequest) => post<CreateResponse>('create', request),
  delete: (request: DeleteRequest) => post<unknown>('delete', request),
  links: (route: string) => call<LinksResponse>(`links?route=${encodeURIComponent(route)}`),

  /** 409 is the file changed on disk since `request.version`: the caller decides what to do. */
  async save(request: SaveRequest): Promise<SaveResult> {
    const response = await send('save', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const body = await readJson(response);
    if (response.status === 409 && isConflict(body)) return { conflict: body };
    if (!response.ok) throw failure(response, body);
    return { saved: body as SaveResponse };
  },

  async upload(file: File): Promise<UploadResponse> {
    return call<UploadResponse>(`upload?name=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    });
  },
};

/** Any thrown value as an ApiFailure (a bug in the editor shows as one too, not as a blank screen). */
export function asFailure(error: unknown): ApiFailure {
  if (error instanceof ApiFailure) return error;
  return new ApiFailure(0, error instanceof Error ? error.message : String(error));
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
