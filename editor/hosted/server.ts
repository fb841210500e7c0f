/**
 * The hosted editor: one Node http server for editors who have only a browser. It serves the built
 * editor app (app-files.ts, built ahead by app-build.ts) and its API: sign-in with a Google ID token checked here (id-token.ts),
 * then a session cookie (sessions.ts); who may edit from editors.yaml on main, read at every request
 * (editors.ts); each editor's draft, a branch with its own work tree, on which the editor API of
 * `npm run dev` runs (../api.ts), every write one commit by the editor pushed before the answer
 * (repository.ts). No CORS; every write must come from the editor's own origin. Each draft's whole
 * site, built after its saves (previews.ts), is shown to its editor only, on an origin of its own
 * (preview-access.ts): the same process answers those names too, told apart by `Host`.
 */
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import * as z from 'zod';
import { EDITOR_API, EDITOR_PREVIEW_ROUTE, EDITOR_ROUTE, type PageListEntry } from '../protocol/api';
import { publicFileAt, sendFile } from '../../scripts/hosting/files';
import { CONTENT_TYPES } from '../../scripts/hosting/content-types';
import { bodyLimit, endpoints, handlerFor, WRITING_ENDPOINTS, type Handler } from '../server/api';
import { DraftChecker } from '../server/draft-check';
import { otherSiteReason } from '../server/guard';
import { bodyLeftUnread, parseJson, readBody, Refusal, sendJson, sendRefusal, type BodyLimit } from '../server/http';
import { namesKeptBy } from '../../scripts/authoring/kept-names';
import { noLinkOnTheWay } from '../../scripts/authoring/no-links';
import { contentPaths } from '../../scripts/authoring/page-files';
import { HOSTED_MAX_UPLOAD_BYTES } from '../server/upload';
import type { EditorApp } from './app-files';
import { APP_BASE } from './app-files';
import { editorId, whomToAsk, type Editor } from '../repo/editors';
import { GitError } from '../repo/git';
import { LoadedDrafts } from './loaded-drafts';
import { emulatorTokenVerifier, isLoopbackHost, KeysUnreachable, signedTokenVerifier, TokenRefusal, type TokenVerifier } from './id-token';
import { PreviewRefusal, previewOriginProblem, statePreviewPasses, type PreviewHolder } from './preview-access';
import { cookieOf, PreviewServer, sendWords } from './preview-server';
import { DraftPreviews, type PreviewStatus } from './previews';
import type { Deployer } from '../publish/deploy';
import { Publisher, type PublisherOptions } from '../publish/publisher';
import { PublishingApi } from '../publish/routes';
import { DEFAULT_LIMITS, RateLimiter, type Limit, type Limited } from './rate-limit';
import { SiteRepository, type Person } from '../repo/repository';
import { DEFAULT_REQUEST_LIMITS, limitConnections, serverTimeouts, SIGN_IN_BODY_BYTES, type RequestLimits } from './request-limits';
import { editorHeaders, setEditorHeaders } from './security-headers';
import { signedInChecks } from './signed-in';
import { sessionKey, SessionStore } from './sessions';

export interface HostedOptions {
  /** The project whose code the server runs (the editor's schemas and section examples). */
  root: string;
  /** Where the server listens. */
  host: string;
  port: number;
  /**
   * The address editors open (`https://editor.cesa.example`): the only origin writes are accepted
   * from. Default, on loopback only: the address the server listens on.
   */
  origin?: string | undefined;
  /** The Firebase project editors sign in with: the only issuer and audience accepted. */
  projectId: string;
  /** What the browser's Firebase SDK needs beside the project id. */
  firebase: { apiKey: string; authDomain: string };
  /** `127.0.0.1:9099`: emulator mode (a demo- project on loopback only). */
  emulatorHost?: string | undefined;
  /** The site's repository (from the configuration only). */
  remote: string;
  /** The server's own folder: its repository, drafts, sessions, caches. */
  stateDir: string;
  /** Who commits (the editor is the author of each commit). */
  committer?: Person;
  /** How long a fetched main is trusted when reading editors.yaml (ms); writes always fetch first. Default 5 s. */
  mainMaxAgeMs?: number;
  /** The built browser app; without it only the API is served (tests). */
  app?: EditorApp | undefined;
  /** Tests give a verifier with local keys; otherwise Google's keys, or the emulator's lookup. */
  verifier?: TokenVerifier;
  /**
   * Build each draft's whole site after its saves (previews.ts) and serve it, to its editor only
   * (preview-access.ts), on an origin of its own: at `previewOrigin` when it is given, else on a
   * loopback port per draft (the server then must listen on this computer only). Default false.
   */
  previews?: boolean;
  /**
   * The previews' address on a server, with the draft's place as the first label of a wildcard name
   * (`https://{draft}.preview.example.org`): this process answers those names too, by `Host`. Turns previews on.
   */
  previewOrigin?: string | undefined;
  /** How much one editor may ask (rate-limit.ts); tests lower them. */
  limits?: Partial<Record<Limited, Limit>>;
  /** How long and how much a request may take (request-limits.ts); tests shorten them. */
  requestLimits?: Partial<RequestLimits>;
  /** One line per event (sign-in, refusal, save): never a token or a cookie. */
  log?: (entry: Record<string, unknown>) => void;
  /** Where publishing puts the site live (publish/deploy.ts); without one, publishing is refused with why. */
  deployer?: Deployer | null;
  /** Tests: told after each step of a publish (publish/publisher.ts). */
  onPublishStep?: PublisherOptions['onStep'];
}

export interface RunningEditor {
  server: Server;
  /** `http://127.0.0.1:<port>` as it listens. */
  address: string;
  repository: SiteRepository;
  /** The drafts' whole-site previews, when on (HostedOptions.previews). */
  previews: DraftPreviews | null;
  publisher: Publisher;
  close(): Promise<void>;
}

/** Why this configuration may not run, or undefined: checked before anything listens. */
export function configurationProblem(options: Pick<HostedOptions, 'origin' | 'projectId' | 'emulatorHost' | 'host' | 'previews' | 'previewOrigin'>): string | undefined {
  if (!options.emulatorHost && options.projectId.startsWith('demo-')) {
    return `The project ${options.projectId} exists only in the Auth emulator: set FIREBASE_AUTH_EMULATOR_HOST to use the emulator, or give the academy's real Firebase project id.`;
  }
  if (options.previewOrigin !== undefined) {
    const problem = previewOriginProblem(options.previewOrigin, options.origin);
    if (problem) return problem;
  } else if (options.previews && !isLoopbackHost(options.host)) {
    return `Previews of whole drafts need their own address on a server: set CESA_EDITOR_PREVIEW_ORIGIN (such as https://{draft}.preview.example.org; README, "The hosted editor"). Without it they are served on ports of this computer, and the server listens on ${options.host}.`;
  }
  if (options.origin === undefined) {
    return isLoopbackHost(options.host) ? undefined : `Set the address editors open (CESA_EDITOR_ORIGIN, such as https://editor.example.org): the server listens on ${options.host}, which is not only this computer.`;
  }
  let origin: URL;
  try {
    origin = new URL(options.origin);
  } catch {
    return `The editor's address (CESA_EDITOR_ORIGIN) is not an address: ${options.origin}.`;
  }
  if (origin.origin !== options.origin.replace(/\/$/, '')) return `The editor's address (CESA_EDITOR_ORIGIN) must be an origin only, such as https://editor.example.org, not ${options.origin}.`;
  if (origin.protocol !== 'https:' && !(origin.protocol === 'http:' && isLoopbackHost(origin.hostname.replace(/^\[|\]$/g, '')))) {
    return `The editor's address must start with https:// (sign-in cookies travel only over https), unless it is this computer (http://127.0.0.1): ${options.origin}.`;
  }
  return undefined;
}

/** "Preview the whole site" opens this address of the editor, which sends the editor on to their draft's preview with a ticket. */
export const OPEN_PREVIEW_ROUTE = `${EDITOR_ROUTE}/whole-site`;

const SessionRequestSchema = z.object({ idToken: z.string().min(1).max(8192) });
const COOKIE_MAX_AGE_S = 12 * 60 * 60;

interface Draft {
  id: string;
  /** Its work tree. */
  dir: string;
  handlers: Record<string, Handler>;
  publicDir: string;
  invalidate: () => void;
}

/** A token not accepted (401), or Google's keys out of reach (503, a network problem of the server), in words; logged. */
function signInRefusal(error: unknown, log: (entry: Record<string, unknown>) => void): unknown {
  if (error instanceof KeysUnreachable) {
    log({ event: 'sign-in-keys-unreachable', reason: error.message });
    return new Refusal(503, {
      error: "The server could not reach Google to check your sign-in: a network problem on the server's side, not your account.",
      hint: "Try again in a minute. If it keeps happening, tell the site's administrator.",
    });
  }
  if (!(error instanceof TokenRefusal)) return error;
  log({ event: 'sign-in-refused', reason: error.reason });
  return new Refusal(401, { error: `The sign-in was not accepted: ${error.reason}.`, hint: 'Sign in again with your Google account.' });
}

export async function startHostedEditor(options: HostedOptions): Promise<RunningEditor> {
  const problem = configurationProblem(options);
  if (problem) throw new Error(problem);
  // Known once the server listens, when not configured (loopback only).
  let origin = options.origin === undefined ? '' : new URL(options.origin).origin;
  let originHost = origin ? new URL(origin).host : '';
  const secure = origin.startsWith('https:');
  // `__Host-` binds the cookie to this host and path /, and needs Secure (https).
  const cookieName = secure ? '__Host-cesa_editor' : 'cesa_editor';
  const log = options.log ?? ((entry) => console.log(JSON.stringify({ time: new Date().toISOString(), ...entry })));
  const verifier =
    options.emulatorHost !== undefined
      ? (() => {
          // Checked even when a test gives its own verifier: emulator mode never runs where it may not.
          const emulator = emulatorTokenVerifier({ projectId: options.projectId, emulatorHost: options.emulatorHost, host: options.host });
          return options.verifier ?? emulator;
        })()
      : (options.verifier ?? signedTokenVerifier({ projectId: options.projectId }));

  const repository = new SiteRepository({
    stateDir: options.stateDir,
    remote: options.remote,
    committer: options.committer ?? { name: 'CESA editor server', email: 'editor-server@localhost' },
    mainMaxAgeMs: options.mainMaxAgeMs ?? 5000,
  });
  await repository.open();
  const publisher = new Publisher({
    root: options.root,
    stateDir: options.stateDir,
    remote: options.remote,
    committer: options.committer ?? { name: 'CESA editor server', email: 'editor-server@localhost' },
    deployer: options.deployer ?? null,
    log,
    ...(options.onPublishStep ? { onStep: options.onPublishStep } : {}),
  });
  // A publish a crash interrupted is finished (or dropped) before anyone can publish again.
  await publisher.open();
  const sessions = new SessionStore(path.join(options.stateDir, 'sessions.json'));
  // One per editor listed (bounded by editors.yaml); their content only for the few used last.
  const drafts = new Map<string, Promise<Draft>>();
  const loadedDrafts = new LoadedDrafts(path.join(options.stateDir, 'cache'));
  const limiter = new RateLimiter({ ...DEFAULT_LIMITS, ...options.limits });
  const requestLimits = { ...DEFAULT_REQUEST_LIMITS, ...options.requestLimits };
  const previews = options.previews || options.previewOrigin !== undefined ? new DraftPreviews({ root: options.root, stateDir: options.stateDir, localEmulator: options.emulatorHost !== undefined, log }) : null;
  const headersFor = editorHeaders({ authDomain: options.firebase.authDomain, emulatorUrl: options.emulatorHost ? `http://${options.emulatorHost}` : null, secure });

  const draftOf = (id: string): Promise<Draft> => {
    let draft = drafts.get(id);
    if (!draft) {
      draft = (async () => {
        const dir = await repository.worktree(id);
        const paths = contentPaths(dir);
        const load = () => loadedDrafts.content(id, dir);
        const invalidate = () => loadedDrafts.forget(id);
        const checker = new DraftChecker(paths, path.join(options.stateDir, 'scratch', id));
        // Photos are committed for everyone to see: no camera metadata (the GPS position), and no larger than 20 MB.
        const uploads = { maxBytes: HOSTED_MAX_UPLOAD_BYTES, stripMetadata: true };
        // A name git leaves out (pages/dist/…) is refused before it is written: it would never be committed.
        const whyNotKept = namesKeptBy(dir);
        return { id, dir, handlers: endpoints(paths, { root: options.root, contentRoot: dir, load, invalidate, uploads, whyNotKept }, checker), publicDir: paths.publicDir, invalidate };
      })();
      drafts.set(id, draft);
      draft.catch(() => drafts.delete(id));
    }
    return draft;
  };

  const { editorsNow, notListed, sessionOf, listed, signedIn } = signedInChecks({ repository, sessions, cookieName, log });

  /** The body, read in full within its limits before anything waits for the repository. */
  const bodyOf = (req: IncomingMessage, limit: BodyLimit) => readBody(req, { ...limit, timing: requestLimits.body });

  /** Writes only from the editor's own pages: its origin, and the browser saying so. */
  const writeRefusal = (req: IncomingMessage): string | undefined => {
    const sent = req.headers.origin;
    if (sent === undefined) return 'it did not say which page sent it (no Origin)';
    const site = req.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin') return `it came from another web site (Sec-Fetch-Site: ${String(site)})`;
    return otherSiteReason(req.headers, (candidate) => candidate === origin);
  };

  const refuse = (req: IncomingMessage, res: ServerResponse, refusal: Refusal, entry: Record<string, unknown>) => {
    log({ event: 'refused', status: refusal.status, reason: refusal.body.error, ...entry });
    // Refused before its body was read: the connection is not kept for a body nobody waits for.
    if (bodyLeftUnread(req)) res.setHeader('Connection', 'close');
    if (typeof refusal.extra.retryAfter === 'number') res.setHeader('Retry-After', String(refusal.extra.retryAfter));
    sendRefusal(res, refusal);
  };

  const sessionCookie = (value: string, maxAge: number) =>
    `${cookieName}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure ? '; Secure' : ''}`;

  const signIn = async (req: IncomingMessage, res: ServerResponse) => {
    // Before anyone is known: a small body (a token), soon or not at all.
    const { idToken } = parseJson(await bodyOf(req, { bytes: SIGN_IN_BODY_BYTES, hint: 'A sign-in sends only its token: reload the editor and sign in again.' }), SessionRequestSchema);
    let account;
    try {
      account = await verifier.verify(idToken);
    } catch (error) {
      throw signInRefusal(error, log);
    }
    // Per account (behind a proxy every request comes from the proxy's address).
    limiter.take('sign-in', account.uid);
    const editors = await editorsNow(true);
    const editor = editors.find((entry) => entry.email === account.email);
    if (!editor) {
      log({ event: 'sign-in-refused', email: account.email, reason: 'not on the list of editors' });
      throw notListed(account.email, editors);
    }
    res.setHeader('Set-Cookie', sessionCookie(sessions.create(account), COOKIE_MAX_AGE_S));
    log({ event: 'sign-in', email: account.email, role: editor.role });
    sendJson(res, 200, { email: editor.email, name: editor.name, role: editor.role });
  };

  const commitMessage = (key: string, editor: Editor, id: string) => (files: string[]) => {
    const verb = key === 'POST delete' ? 'Delete' : key === 'POST create' ? 'Add page' : key === 'POST upload' ? 'Add photo' : 'Update';
    return `${verb} ${files.join(', ')}\n\nSaved in the editor by ${editor.name} (draft drafts/${id}).\n`;
  };

  const serveApi = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const name = url.pathname.slice(EDITOR_API.length + 1);
    const method = req.method ?? 'GET';
    const writes = method !== 'GET' && method !== 'HEAD';
    const foreign = writes ? writeRefusal(req) : otherSiteReason(req.headers, (candidate) => candidate === origin);
    if (foreign) {
      return refuse(req, res, new Refusal(403, { error: 'The editor accepts changes only from its own pages.', hint: `Open the editor at ${origin}${EDITOR_ROUTE}.` }), { route: url.pathname, why: foreign });
    }
    if (name === 'auth-config' && method === 'GET') {
      return sendJson(res, 200, {
        apiKey: options.firebase.apiKey,
        authDomain: options.firebase.authDomain,
        projectId: options.projectId,
        emulatorUrl: options.emulatorHost ? `http://${options.emulatorHost}` : null,
      });
    }
    if (name === 'session') {
      if (method === 'POST') return await signIn(req, res);
      if (method === 'DELETE') {
        const session = sessions.get(cookieOf(req, cookieName));
        sessions.delete(cookieOf(req, cookieName));
        if (session) log({ event: 'sign-out', email: session.email });
        res.setHeader('Set-Cookie', sessionCookie('', 0));
        return sendJson(res, 200, {});
      }
      if (method === 'GET') {
        const { editor } = await signedIn(req);
        return sendJson(res, 200, { email: editor.email, name: editor.name, role: editor.role });
      }
    }
    // The publishing API reads its own (small) bodies: only once the session is known.
    if (name.startsWith('publish/')) {
      sessionOf(req);
      return await publishing.serve(req, res, name.slice('publish/'.length), method);
    }
    const key = `${method} ${name}`;
    if (key === 'GET preview') {
      const session = sessionOf(req);
      limiter.take('read', editorId(session.email));
      const { id } = await listed(session);
      if (!previews) return sendJson(res, 200, { url: null, building: false, builtAt: null, errors: 0 } satisfies PreviewStatus);
      const draft = await draftOf(id);
      // The first look builds the draft as it is (after a restart too); then only saves do.
      if (!previews.has(id)) previews.update(id, draft.dir);
      const { built, ...status } = previews.status(id);
      return sendJson(res, 200, { url: built ? OPEN_PREVIEW_ROUTE : null, ...status } satisfies PreviewStatus);
    }
    // Who asks, and whether they asked too much, before any fetch or body (rate-limit.ts).
    const session = sessionOf(req);
    limiter.take(!WRITING_ENDPOINTS.has(key) ? 'read' : key === 'POST upload' ? 'upload' : 'save', editorId(session.email));
    const sent = await bodyOf(req, bodyLimit(method, url, HOSTED_MAX_UPLOAD_BYTES));
    if (!WRITING_ENDPOINTS.has(key)) {
      const { id } = await listed(session);
      const draft = await draftOf(id);
      if (await repository.follow(id)) draft.invalidate();
      const { status = 200, body } = await handlerFor(draft.handlers, method, url)({ url, body: sent });
      if (key === 'GET pages') return sendJson(res, status, await withDrafts(body as PageListEntry[]));
      return sendJson(res, status, body);
    }
    // A write: against main as the remote has it now, so an editor removed a moment ago is refused.
    const { editor, id } = await listed(session, true);
    const draft = await draftOf(id);
    const handler = handlerFor(draft.handlers, method, url);
    try {
      const { result, commit } = await repository.write(id, { name: editor.name, email: session.email }, commitMessage(key, editor, id), async (_dir, moved) => {
        // The draft moved to the remote's (repository.write): its content is read afresh; else what is loaded is this work tree's.
        if (moved) draft.invalidate();
        return handler({ url, body: sent });
      });
      const { status = 200, body } = result;
      if (commit) {
        previews?.update(id, draft.dir);
        publishing.draftChanged(id);
        res.setHeader('X-CESA-Commit', commit.sha);
        log({ event: 'save', email: session.email, draft: `drafts/${id}`, files: commit.files, commit: commit.sha });
      }
      return sendJson(res, status, body);
    } catch (error) {
      draft.invalidate();
      if (error instanceof GitError) {
        log({ event: 'save-failed', email: session.email, draft: `drafts/${id}`, reason: error.message });
        throw new Refusal(502, {
          error: "Your change was not saved: the site's repository did not take it.",
          hint: 'What you typed is still here. Try Save again in a minute; if it keeps failing, tell the site\'s administrator.',
        });
      }
      throw error;
    }
  };

  /** The page list, with who has a draft that changes each page. */
  const withDrafts = async (pages: PageListEntry[]): Promise<PageListEntry[]> => {
    const changing = await repository.draftsChanging();
    if (changing.size === 0) return pages;
    const names = new Map((await editorsNow()).map((editor) => [editorId(editor.email), editor.name]));
    return pages.map((page) => {
      const ids = changing.get(page.file);
      return ids ? { ...page, drafts: ids.map((draftId) => names.get(draftId) ?? draftId) } : page;
    });
  };

  const publishing = new PublishingApi(publisher, options.stateDir, {
    sessionEmail: (req) => sessions.get(cookieOf(req, cookieName))?.email ?? null,
    limiter,
    signedIn: (req, fresh) => signedIn(req, fresh),
    editors: () => editorsNow(),
    mainMoved: () => repository.refresh(true),
    log,
  });

  const sendHtml = (res: ServerResponse, html: string) => {
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    res.end(html);
  };

  const serveAppFile = (res: ServerResponse, url: URL): boolean => {
    if (!options.app) return false;
    const file = publicFileAt(options.app.dir, url.pathname.slice(APP_BASE.length - 1));
    if (!file) return false;
    res.statusCode = 200;
    res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
    // Named by their content's hash: never change.
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    createReadStream(file).pipe(res);
    return true;
  };

  /** Whether the holder of a preview's pass may still see it: their session goes on and editors.yaml lists them. */
  const stillAllowed = async (holder: PreviewHolder): Promise<void> => {
    if (!sessions.byKey(holder.session)) throw new PreviewRefusal(401, `Your session in the editor has ended (signed out, or after 12 hours). Sign in to the editor again and open the preview from there: ${origin}${EDITOR_ROUTE}`);
    const editors = await editorsNow();
    const editor = editors.find((entry) => entry.email === holder.email);
    if (!editor || editorId(editor.email) !== holder.draft) {
      throw new PreviewRefusal(403, `${holder.email} is no longer on the list of editors, so this preview of a draft is closed to it. Ask ${whomToAsk(editors)} if this is a mistake.`);
    }
  };

  const previewServer = previews
    ? new PreviewServer({
        host: options.host,
        previewOrigin: options.previewOrigin,
        previews,
        passes: statePreviewPasses(options.stateDir),
        stillAllowed,
        worktreeOf: async (id) => (await draftOf(id)).dir,
        takeLimit: (id) => limiter.take('preview', id),
        log,
      })
    : null;

  /** "Preview the whole site": the signed-in editor, sent on to their draft's preview with a ticket. */
  const openPreview = async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const session = sessionOf(req);
      limiter.take('read', editorId(session.email));
      const { id } = await listed(session);
      if (!previewServer) throw new Refusal(404, { error: 'This editor server shows no previews of whole drafts.', hint: "Ask the site's administrator to set CESA_EDITOR_PREVIEW_ORIGIN (README, \"The hosted editor\")." });
      await previewServer.open(res, { draft: id, email: session.email, session: sessionKey(cookieOf(req, cookieName) ?? '') });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      log({ event: 'refused', status: error.status, reason: error.body.error, route: OPEN_PREVIEW_ROUTE });
      if (typeof error.extra.retryAfter === 'number') res.setHeader('Retry-After', String(error.extra.retryAfter));
      sendWords(res, error.status, [error.body.error, error.body.hint].filter(Boolean).join(' '));
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/healthz') {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      return void res.end('ok');
    }
    // A draft's preview, on its own name (CESA_EDITOR_PREVIEW_ORIGIN): served with the live site's headers, not the editor's.
    const label = previewServer?.labelOf(req.headers.host);
    if (label !== undefined) return void previewServer?.serve(req, res, label);
    setEditorHeaders(res, headersFor, url.pathname);
    // A page elsewhere that points its own name at this server (DNS rebinding) names itself in Host.
    if (req.headers.host !== originHost) {
      return refuse(req, res, new Refusal(421, { error: `This is the editor of ${origin}.`, hint: `Open ${origin}${EDITOR_ROUTE}.` }), { route: url.pathname, why: `Host: ${req.headers.host ?? 'none'}` });
    }
    try {
      if (url.pathname.startsWith(`${EDITOR_API}/`)) return await serveApi(req, res, url);
      if (req.method !== 'GET' && req.method !== 'HEAD') throw new Refusal(405, { error: 'The editor accepts only its own requests here.' });
      if (url.pathname === '/' || url.pathname === `${EDITOR_ROUTE}/`) {
        res.statusCode = 302;
        res.setHeader('Location', EDITOR_ROUTE);
        return void res.end();
      }
      if (url.pathname === OPEN_PREVIEW_ROUTE) return await openPreview(req, res);
      const page = options.app?.pages.get(url.pathname);
      if (page) return sendHtml(res, page);
      if (url.pathname.startsWith(APP_BASE) && serveAppFile(res, url)) return;
      if (url.pathname === EDITOR_PREVIEW_ROUTE || url.pathname.startsWith(`${EDITOR_ROUTE}/`)) throw new Refusal(404, { error: `The editor has nothing at ${url.pathname}.` });
      // Anything else is a file of the editor's draft (a photo the preview shows): for a signed-in editor only.
      const { id } = await signedIn(req);
      const { dir, publicDir } = await draftOf(id);
      const file = publicFileAt(publicDir, url.pathname);
      // A link (public/ itself, a folder in it, the file: public/x → /etc) could lead out of the draft: none is followed.
      if (!file || !noLinkOnTheWay(dir, file)) throw new Refusal(404, { error: `Your draft has no file at ${url.pathname}.` });
      return sendFile(res, file);
    } catch (error) {
      if (error instanceof Refusal) return refuse(req, res, error, { route: url.pathname });
      // The browser gave up on the request (a check superseded by the next key press): nobody to answer.
      // The connection says so, not `req.destroyed`, which is true as soon as a request's body is read.
      if ((res.destroyed || req.socket.destroyed) && !(error instanceof GitError)) return void res.end();
      log({ event: 'error', route: url.pathname, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      if (error instanceof GitError && !res.headersSent) {
        return sendJson(res, 503, { error: "The site's repository does not answer right now, so the editor cannot check who may edit.", hint: "Nothing was changed. Try again in a minute; if it goes on, tell the site's administrator." });
      }
      if (res.headersSent) return void res.end();
      sendJson(res, 500, { error: "The editor's server ran into a problem and did nothing.", hint: "Reload the editor and try again; if it happens again, tell the site's administrator." });
    }
  };

  const server = createServer(serverTimeouts(requestLimits), (req, res) => void handle(req, res));
  limitConnections(server, requestLimits);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const address = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  if (!origin) {
    origin = address;
    originHost = new URL(address).host;
  }
  return {
    server,
    address,
    repository,
    previews,
    publisher,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await previewServer?.close();
      await previews?.close();
    },
  };
}

