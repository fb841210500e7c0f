/**
 * The hosted editor's API (/_editor/api/<name>), as ONE table of routes by `METHOD name` (the editor's
 * one routing style, editor/server/http.ts): sign-in (sign-in.ts), the draft's preview, publishing
 * (publish/routes.ts, under publish/), and the editor's API over the signed-in editor's draft
 * (../server/api.ts), where every write is one commit by the editor, pushed before the answer. No
 * CORS: every request must come from the editor's own pages.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EDITOR_API, EDITOR_ROUTE, type PageListEntry } from '../protocol/api';
import type { PreviewStatus } from './previews';
import { EDITOR } from '../errors';
import { bodyLimit, handlerFor, WRITING_ENDPOINTS, type Writing } from '../server/api';
import { otherSiteReason } from '../server/guard';
import { bodyLeftUnread, readBody, Refusal, routeKey, routeOf, sendJson, sendRefusal, type Call, type Routes } from '../server/http';
import { HOSTED_MAX_UPLOAD_BYTES } from '../server/upload';
import { PublishingApi } from '../publish/routes';
import { editorId, type Editor } from '../repo/editors';
import { GitError } from '../repo/git';
import { cookieOf } from './preview-server';
import type { Session } from './sessions';
import type { Hosted } from './hosted';
import { signInRoutes, type Route } from './sign-in';

/** "Preview the whole site" opens this address of the editor, which sends the editor on to their draft's preview with a ticket. */
export const OPEN_PREVIEW_ROUTE = `${EDITOR_ROUTE}/whole-site`;

/** A refusal answered, and logged with `entry` (the route, why). */
export function refuse(hosted: Hosted, req: IncomingMessage, res: ServerResponse, refusal: Refusal, entry: Record<string, unknown>): void {
  hosted.log({ event: 'refused', status: refusal.status, reason: refusal.body.error, ...entry });
  // Refused before its body was read: the connection is not kept for a body nobody waits for.
  if (bodyLeftUnread(req)) res.setHeader('Connection', 'close');
  if (typeof refusal.extra.retryAfter === 'number') res.setHeader('Retry-After', String(refusal.extra.retryAfter));
  sendRefusal(res, refusal);
}

/** Writes only from the editor's own pages: its origin, and the browser saying so. */
function foreignReason(hosted: Hosted, req: IncomingMessage, writes: boolean): string | undefined {
  const own = (candidate: string) => candidate === hosted.origin;
  if (!writes) return otherSiteReason(req.headers, own);
  if (req.headers.origin === undefined) return 'it did not say which page sent it (no Origin)';
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return `it came from another web site (Sec-Fetch-Site: ${String(site)})`;
  return otherSiteReason(req.headers, own);
}

/** The page list, with who has a draft that changes each page. */
async function withDrafts(hosted: Hosted, pages: PageListEntry[]): Promise<PageListEntry[]> {
  const changing = await hosted.repository.draftsChanging();
  if (changing.size === 0) return pages;
  const names = new Map((await hosted.who.editorsNow()).map((editor) => [hosted.owners.known(editor.email) ?? editorId(editor.email), editor.name]));
  return pages.map((page) => {
    const ids = changing.get(page.file);
    return ids ? { ...page, drafts: ids.map((draftId) => names.get(draftId) ?? draftId) } : page;
  });
}

/** The draft's preview: its status, built the first time it is asked for (after a restart too); then only saves build it. */
async function previewStatus(hosted: Hosted, { req, res }: Call): Promise<void> {
  const session = hosted.who.sessionOf(req);
  hosted.limiter.take('read', editorId(session.email));
  const { id } = await hosted.who.listed(session);
  const { previews } = hosted;
  if (!previews) return sendJson(res, 200, { url: null, building: false, builtAt: null, errors: 0 } satisfies PreviewStatus);
  const draft = await hosted.drafts.of(id);
  if (!previews.has(id)) previews.update(id, draft.dir);
  const { built, ...status } = previews.status(id);
  sendJson(res, 200, { url: built ? OPEN_PREVIEW_ROUTE : null, ...status } satisfies PreviewStatus);
}

/** A request of the editor's API that only reads, answered from the editor's draft as the remote has it. */
async function readDraft(hosted: Hosted, { res, url, method, name }: Call, session: Session, sent: Buffer): Promise<void> {
  const { id } = await hosted.who.listed(session);
  const draft = await hosted.drafts.of(id);
  if (await hosted.repository.follow(id)) draft.invalidate();
  const { status = 200, body } = await handlerFor(draft.handlers, method, url)({ url, body: sent });
  sendJson(res, status, routeKey(method, name) === 'GET pages' ? await withDrafts(hosted, body as PageListEntry[]) : body);
}

const commitMessage = (writing: Writing, editor: Editor, id: string) => (files: string[]) =>
  `${writing.verb} ${files.join(', ')}\n\nSaved in the editor by ${editor.name} (draft drafts/${id}).\n`;

/** A write: against main as the remote has it now (an editor removed a moment ago is refused), one commit by the editor. */
async function writeDraft(hosted: Hosted, publishing: PublishingApi, { res, url, method }: Call, writing: Writing, session: Session, sent: Buffer): Promise<void> {
  const { editor, id } = await hosted.who.listed(session, true);
  const draft = await hosted.drafts.of(id);
  const handler = handlerFor(draft.handlers, method, url);
  try {
    const { result, commit } = await hosted.repository.write(id, { name: editor.name, email: session.email }, commitMessage(writing, editor, id), async (_dir, moved) => {
      // The draft moved to the remote's (repository.write): its content is read afresh; else what is loaded is this work tree's.
      if (moved) draft.invalidate();
      return handler({ url, body: sent });
    });
    if (commit) {
      hosted.previews?.update(id, draft.dir);
      publishing.draftChanged(id);
      res.setHeader('X-CESA-Commit', commit.sha);
      hosted.log({ event: 'save', email: session.email, draft: `drafts/${id}`, files: commit.files, commit: commit.sha });
    }
    sendJson(res, result.status ?? 200, result.body);
  } catch (error) {
    draft.invalidate();
    if (!(error instanceof GitError)) throw error;
    hosted.log({ event: 'save-failed', email: session.email, draft: `drafts/${id}`, reason: error.message });
    throw EDITOR.refusal('EDITOR_SAVE_NOT_PUSHED');
  }
}

/** The editor's API over the signed-in editor's draft: who asks and whether they asked too much before any fetch or body (rate-limit.ts). */
async function draftApi(hosted: Hosted, publishing: PublishingApi, call: Call): Promise<void> {
  const session = hosted.who.sessionOf(call.req);
  const writing = WRITING_ENDPOINTS.get(routeKey(call.method, call.name));
  hosted.limiter.take(writing?.limit ?? 'read', editorId(session.email));
  const sent = await readBody(call.req, { ...bodyLimit(call.method, call.url, HOSTED_MAX_UPLOAD_BYTES), timing: hosted.requestLimits.body });
  return writing ? writeDraft(hosted, publishing, call, writing, session, sent) : readDraft(hosted, call, session, sent);
}

/** The API's routes and how a request finds its own; `publishing` is told of every save (its "ready for review" no longer holds). */
export function hostedApi(hosted: Hosted): { serve: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>; publishing: PublishingApi } {
  const { who } = hosted;
  const publishing = new PublishingApi(hosted.publisher, hosted.options.stateDir, {
    sessionEmail: (req) => hosted.sessions.get(cookieOf(req, hosted.cookieName))?.email ?? null,
    limiter: hosted.limiter,
    signedIn: (req, fresh) => who.signedIn(req, fresh),
    editors: () => who.editorsNow(),
    draftOf: (email) => hosted.owners.known(email) ?? editorId(email),
    mainMoved: () => hosted.repository.refresh(true),
    log: hosted.log,
    clock: hosted.clock,
  });
  const routes: Routes<Route> = { ...signInRoutes(hosted), 'GET preview': (call) => previewStatus(hosted, call) };
  const serve = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    const call: Call = { req, res, url, method: req.method ?? 'GET', name: url.pathname.slice(EDITOR_API.length + 1) };
    const foreign = foreignReason(hosted, req, call.method !== 'GET' && call.method !== 'HEAD');
    if (foreign) return refuse(hosted, req, res, EDITOR.refusal('EDITOR_FOREIGN_ORIGIN', { address: `${hosted.origin}${EDITOR_ROUTE}` }), { route: url.pathname, why: foreign });
    const route = routeOf(routes, call.method, call.name);
    if (route) return route(call);
    // The publishing API reads its own (small) bodies: only once the session is known.
    if (call.name.startsWith('publish/')) {
      who.sessionOf(req);
      return publishing.serve(req, res, call.name.slice('publish/'.length), call.method);
    }
    return draftApi(hosted, publishing, call);
  };
  return { serve, publishing };
}
