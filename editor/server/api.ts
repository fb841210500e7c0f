/**
 * The visual editor's side of `npm run dev`: its two pages (/_editor, /_editor/preview) and its API
 * (/_editor/api/*, as typed in editor/protocol/api.ts), for this computer only (./guard.ts). Mounted
 * by the dev plugin (scripts/dev/dev-plugin.ts) before everything else; the build never sees it.
 *
 * The API answers from the content the dev server loaded (the same errors as `npm run check`), and
 * after each of its own writes loads it again, without waiting for the file watcher, so an answer
 * never describes the files as they were before the write.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import type { Connect, ViteDevServer } from 'vite';
import * as z from 'zod';
import {
  EDITOR_API,
  EDITOR_ROUTE,
  SITE_DOCUMENT_FILE,
  type ConflictResponse,
  type CreateRequest,
  type DeleteRequest,
  type PageResponse,
  type SaveRequest,
  type SaveResponse,
  type ValidateRequest,
  type ValidateResponse,
} from '../protocol/api';
import { contentResponse, linksTo, pageList } from './content-info';
import type { IsoDate } from '../../src/content/calendar';
import { namesKeptBy } from '../../scripts/authoring/kept-names';
import { planPage, writePlannedPage } from '../../scripts/authoring/create-page';
import { DraftChecker } from './draft-check';
import { refusalReason } from './guard';
import { hasName, MAX_JSON_BYTES, parseJson, readBody, Refusal, routeOf, sendJson, sendRefusal, tooLarge, type BodyLimit, type Routes } from './http';
import { EDITOR } from '../errors';
import { contentPaths, createAtomically, readPageFile, replaceAtomically, resolvePageFile, versionOf, type ContentPaths } from '../../scripts/authoring/page-files';
import { schemaResponse } from './schema-info';
import { shellFor } from './shells';
import { MAX_UPLOAD_BYTES, saveUpload, type UploadRules } from './upload';
import type { ContentError } from '../../src/content/errors';
import type { DevContent } from '../../scripts/dev/dev-plugin';
import { prepareOnThisThread, type Prepare, type Prepared } from './page-checks';

/** The content the editor works on (the dev server's, or a draft's work tree), and its rules. */
export interface EditorOptions extends DevContent {
  /** Uploads' limit and rules; default: up to MAX_UPLOAD_BYTES, kept as they are (the developer commits them). */
  uploads?: { maxBytes: number } & UploadRules;
  /**
   * Why the site's repository would not keep a file of this name (`pages/dist/a.yaml`), in words, or
   * undefined: asked before a save, a new page or an upload writes anything (./kept-names.ts).
   */
  whyNotKept?: (file: string) => Promise<string | undefined>;
  /**
   * Makes what an editor sends into the text a save writes, and checks it on its own (page-checks.ts):
   * on this thread by default; the hosted editor's threads with their limits (editor/hosted/check-threads.ts).
   */
  prepare?: Prepare;
  /** The date in India the preview shows the pages for; default the computer's (the hosted editor gives its clock's). */
  today?: () => IsoDate;
}

const ValidateShape = z.object({ file: z.string(), data: z.json() }) satisfies z.ZodType<ValidateRequest>;
const SaveShape = z.object({ file: z.string(), data: z.json(), version: z.string(), overwrite: z.boolean().optional() }) satisfies z.ZodType<SaveRequest>;
const CreateShape = z.object({
  name: z.string(),
  duration: z.string().optional(),
  route: z.string(),
  from: z.union([z.object({ template: z.string() }), z.object({ copy: z.string() })]),
}) satisfies z.ZodType<CreateRequest>;
const DeleteShape = z.object({ file: z.string(), version: z.string() }) satisfies z.ZodType<DeleteRequest>;

export type Reply = { status?: number; body: unknown };

/** A request to an endpoint, its body already read in full (readBody, with the endpoint's bodyLimit). */
export interface ApiRequest {
  url: URL;
  body: Buffer;
}
export type Handler = (request: ApiRequest) => Reply | Promise<Reply>;

/** What an endpoint that changes files is in the hosted editor: the verb of its commit's message, and the limit it counts against. */
export interface Writing {
  verb: string;
  limit: 'save' | 'upload';
}

/** The endpoints that change files (each a commit in the hosted editor); the others only read. */
export const WRITING_ENDPOINTS: ReadonlyMap<string, Writing> = new Map([
  ['POST save', { verb: 'Update', limit: 'save' }],
  ['POST create', { verb: 'Add page', limit: 'save' }],
  ['POST delete', { verb: 'Delete', limit: 'save' }],
  ['POST upload', { verb: 'Add photo', limit: 'upload' }],
]);

/**
 * How much of a body an endpoint reads, before its handler runs (so that no handler, nor the hosted
 * editor's queue of a draft, waits for a slow sender): a photo up to `maxUploadBytes`, a page's JSON
 * up to MAX_JSON_BYTES, nothing for a request that only reads.
 */
export function bodyLimit(method: string | undefined, url: URL, maxUploadBytes: number): BodyLimit {
  if (method === 'GET' || method === 'HEAD' || method === undefined) return { bytes: 0 };
  if (url.pathname === `${EDITOR_API}/upload`) return { bytes: maxUploadBytes, tooLarge: 'EDITOR_PHOTO_TOO_LARGE' };
  return { bytes: MAX_JSON_BYTES };
}

function param(url: URL, name: string): string {
  const value = url.searchParams.get(name);
  if (value === null || value === '') throw EDITOR.refusal('EDITOR_REQUEST_LACKS', { name });
  return value;
}

/** What the endpoints share over one content root. */
interface Root {
  paths: ContentPaths;
  root: string;
  load: EditorOptions['load'];
  drafts: DraftChecker;
  uploads: { maxBytes: number } & UploadRules;
  /** Refuses, before anything is written, a file the repository would not keep: "Saved" would be untrue. */
  mayKeep: (file: string) => Promise<void>;
  /** The file's errors in the content as loaded. */
  errorsOf: (file: string) => ContentError[];
  /** What the editor sent made into its text and checked on its own: the text a save writes. */
  prepare: Prepare;
  /** After a write: the next answers read the files again. */
  written: () => void;
  today: EditorOptions['today'];
}

/**
 * The endpoints, by method and name (/_editor/api/<name>), on one content root: the dev server's
 * checkout, or a draft's work tree in the hosted editor (editor/hosted/).
 */
export function endpoints(
  paths: ContentPaths,
  { root, load, invalidate, uploads = { maxBytes: MAX_UPLOAD_BYTES, stripMetadata: false }, whyNotKept, prepare = prepareOnThisThread, today }: EditorOptions,
  drafts: DraftChecker,
): Routes<Handler> {
  const at: Root = {
    paths,
    root,
    load,
    drafts,
    uploads,
    mayKeep: async (file) => {
      const why = await whyNotKept?.(file);
      if (why) throw EDITOR.refusal('EDITOR_SAVE_NAME_NOT_KEPT', { file, why });
    },
    errorsOf: (file) => load().errors.filter((error) => error.file === file),
    prepare,
    written: () => invalidate(),
    today,
  };
  return { ...readingEndpoints(at), ...writingEndpoints(at) };
}

/** The endpoints that only read (and check a page as it would be written). */
function readingEndpoints({ paths, root, load, drafts, prepare, today }: Root): Routes<Handler> {
  return {
    'GET schema': () => ({ body: schemaResponse(root, paths.pagesDir) }),
    'GET content': () => ({ body: contentResponse(paths, load(), today?.()) }),
    'GET pages': () => ({ body: pageList(paths, load()) }),
    'GET page': ({ url }) => {
      const page = resolvePageFile(paths, param(url, 'file'), { mustExist: true, site: true });
      const { text, version, data, unreadable } = readPageFile(page);
      // The file's errors as it is now, even if the file watcher has not reloaded the content yet
      // (a file changed by git a moment ago must not show the errors of its old text).
      const checked: { errors: ContentError[]; warnings?: ContentError[] } = unreadable ? { errors: [unreadable] } : drafts.check(load(), page, text);
      const body: PageResponse = { file: page.file, route: page.route, text, version, data, errors: checked.errors, warnings: checked.warnings ?? [] };
      return { body };
    },
    'GET links': ({ url }) => ({ body: linksTo(paths, load(), param(url, 'route')) }),
    'POST validate': async ({ body: sent }) => {
      const request = parseJson(sent, ValidateShape);
      // A file deleted on disk while open is checked as the editor would write it again.
      const page = resolvePageFile(paths, request.file, { mustExist: false, site: true });
      const disk = existsSync(page.absolute) ? readPageFile(page).text : null;
      const prepared = await prepare({ kind: page.file === SITE_DOCUMENT_FILE ? 'site' : 'page', file: page.file, disk, data: request.data });
      const { text } = prepared;
      if (prepared.kind === 'site') {
        const checked = drafts.checkSite(load(), text, prepared.own);
        const body: ValidateResponse = { text, errors: checked.errors, elsewhere: checked.elsewhere, warnings: checked.warnings ?? [], ...(checked.menu === undefined ? {} : { menu: checked.menu }) };
        return { body };
      }
      const body: ValidateResponse = { text, ...drafts.check(load(), page, text, prepared.own) };
      return { body };
    },
  };
}

/** The endpoints that change files: each a commit in the hosted editor (WRITING_ENDPOINTS). */
function writingEndpoints({ paths, load, drafts, uploads, mayKeep, errorsOf, prepare, written }: Root): Routes<Handler> {
  return {
    'POST save': async ({ body: sent }) => {
      const request = parseJson(sent, SaveShape);
      // Deleted on disk while open: written again only when the editor chose to (overwrite).
      const page = resolvePageFile(paths, request.file, { mustExist: !request.overwrite, site: true });
      const kind = page.file === SITE_DOCUMENT_FILE ? 'site' : 'page';
      // Against the files as they were: once written, what this save breaks is the content's own.
      const causedBy = ({ text, ...prepared }: Prepared) => (prepared.kind === 'site' ? drafts.checkSite(load(), text, prepared.own) : drafts.check(load(), page, text, prepared.own)).elsewhere;
      if (!existsSync(page.absolute)) {
        const prepared = await prepare({ kind, file: page.file, disk: null, data: request.data });
        const { text } = prepared;
        const elsewhere = causedBy(prepared);
        await mayKeep(page.file);
        mkdirSync(path.dirname(page.absolute), { recursive: true });
        if (!createAtomically(page.absolute, text)) throw EDITOR.refusal('EDITOR_SAVE_REAPPEARED', { file: page.file });
        written();
        const body: SaveResponse = { text, version: versionOf(text), errors: errorsOf(page.file), elsewhere };
        return { body };
      }
      const disk = readPageFile(page);
      const prepared = await prepare({ kind, file: page.file, disk: disk.text, data: request.data });
      const mine = prepared.text;
      if (disk.version !== request.version && !request.overwrite) {
        const body: ConflictResponse = { conflict: true, text: disk.text, version: disk.version, data: disk.data, mine };
        return { status: 409, body };
      }
      if (disk.data === null && !request.overwrite) {
        // The editor never had this file's data, so what it sends cannot be an edit of it.
        throw EDITOR.refusal('EDITOR_SAVE_UNREADABLE', { file: page.file });
      }
      const elsewhere = causedBy(prepared);
      // Saving what is already there writes nothing (and reloads no open page).
      if (mine !== disk.text) {
        await mayKeep(page.file);
        replaceAtomically(page.absolute, mine, page.file);
        written();
      }
      const body: SaveResponse = { text: mine, version: versionOf(mine), errors: errorsOf(page.file), elsewhere };
      return { body };
    },
    'POST create': async ({ body }) => {
      const request = parseJson(body, CreateShape);
      const planned = planPage(paths, load(), request);
      await mayKeep(planned.target.file);
      const created = writePlannedPage(paths, planned);
      written();
      return { status: 201, body: created };
    },
    'POST delete': ({ body }) => {
      const request = parseJson(body, DeleteShape);
      const page = resolvePageFile(paths, request.file, { mustExist: true });
      if (page.route === '/') {
        throw EDITOR.refusal('EDITOR_DELETE_HOME');
      }
      const disk = readPageFile(page);
      if (disk.version !== request.version) {
        const conflict: ConflictResponse = { conflict: true, text: disk.text, version: disk.version, data: disk.data, mine: '' };
        throw EDITOR.refusal('EDITOR_DELETE_CHANGED', { file: page.file }, { ...conflict });
      }
      rmSync(page.absolute);
      written();
      return { body: { file: page.file, route: page.route } };
    },
    'POST upload': async ({ url, body }) => {
      const name = param(url, 'name');
      // Read with bodyLimit's maxUploadBytes; checked again, for a caller that read with another limit.
      if (body.length > uploads.maxBytes) throw tooLarge(uploads.maxBytes, 'EDITOR_PHOTO_TOO_LARGE');
      const uploaded = await saveUpload(paths, name, body, uploads, mayKeep);
      written();
      return { status: 201, body: uploaded };
    },
  };
}

/** The endpoint a request names, or a refusal (404 for an unknown name, 405 for a known name with another method). */
export function handlerFor(handlers: Routes<Handler>, method: string | undefined, url: URL): Handler {
  const name = url.pathname.slice(EDITOR_API.length + 1);
  const handler = routeOf(handlers, method, name);
  if (handler) return handler;
  throw hasName(handlers, name) ? EDITOR.refusal('EDITOR_METHOD_NOT_ACCEPTED', { method: method ?? 'this', name }) : EDITOR.refusal('EDITOR_NO_SUCH_ENDPOINT', { path: url.pathname });
}

export function mountEditor(server: ViteDevServer, options: EditorOptions): void {
  const paths = contentPaths(options.contentRoot);
  const drafts = new DraftChecker(paths, path.join(options.root, 'node_modules/.cache/cesa-editor'));
  // As in the hosted editor: a page git would leave out is refused, when the content is in a git repository.
  const handlers = endpoints(paths, { whyNotKept: namesKeptBy(options.contentRoot), ...options }, drafts);
  const logger = server.config.logger;

  const sendHtml = (res: ServerResponse, status: number, html: string) => {
    res.statusCode = status;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(html);
  };

  const serveApi = async (req: Connect.IncomingMessage, res: ServerResponse, url: URL) => {
    const handler = handlerFor(handlers, req.method, url);
    const sent = await readBody(req, bodyLimit(req.method, url, options.uploads?.maxBytes ?? MAX_UPLOAD_BYTES));
    const { status = 200, body } = await handler({ url, body: sent });
    sendJson(res, status, body);
  };

  const serve = async (req: Connect.IncomingMessage, res: ServerResponse, next: Connect.NextFunction): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname !== EDITOR_ROUTE && !url.pathname.startsWith(`${EDITOR_ROUTE}/`)) return next();
    const isApi = url.pathname.startsWith(`${EDITOR_API}/`);
    const refused = refusalReason(req);
    if (refused) {
      logger.warn(`The editor refused a request for ${url.pathname}: ${refused}.`, { timestamp: true });
      const refusal = EDITOR.refusal('EDITOR_DEV_OTHER_COMPUTER');
      if (isApi) return sendRefusal(res, refusal);
      res.statusCode = refusal.status;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(refusal.body.error);
      return;
    }
    try {
      if (isApi) return await serveApi(req, res, url);
      const shell = shellFor(url.pathname);
      if (!shell || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
      sendHtml(res, 200, await server.transformIndexHtml(url.pathname, shell));
    } catch (error) {
      if (error instanceof Refusal) return sendRefusal(res, error);
      // The editor sees words; the terminal gets the details (a stack trace says nothing to an editor and much to others).
      logger.error(`The editor's request for ${url.pathname} failed:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, { timestamp: true });
      if (res.headersSent) return void res.end();
      sendRefusal(res, EDITOR.refusal('EDITOR_DEV_SERVER_PROBLEM'));
    }
  };
  // serve answers every error itself: nothing waits for its promise.
  server.middlewares.use((req, res, next) => void serve(req, res, next));
}
