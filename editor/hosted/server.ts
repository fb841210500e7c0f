/**
 * The hosted editor: one Node http server for editors who have only a browser, assembled here from
 * its parts, each a job of its own:
 * - hosted.ts: what the parts share, made once from the options (repository, sessions, limits…);
 * - sign-in.ts: a Google ID token checked here (id-token.ts) for a session cookie (sessions.ts), for
 *   whom editors.yaml on main lists now (signed-in.ts, editors.ts);
 * - routes.ts: the API as one table of routes (sign-in, the draft's preview, publishing, and the
 *   editor API of `npm run dev` (../server/api.ts) over each editor's draft, every write one commit);
 * - static-files.ts: the built editor app (app-files.ts) and the files of the editor's draft;
 * - whole-site.ts: each draft's whole site, shown to its editor only on an origin of its own, which
 *   this process answers too, told apart by `Host`.
 */
import type { CheckThreads } from './check-threads';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { EDITOR_API, EDITOR_PREVIEW_ROUTE, EDITOR_ROUTE } from '../protocol/api';
import { ADMIN, EDITOR } from '../errors';
import { Refusal, sendRefusal } from '../server/http';
import type { Publisher } from '../publish/publisher';
import { GitError } from '../repo/git';
import type { SiteRepository } from '../repo/repository';
import { assemble, type Hosted, type HostedOptions } from './hosted';
import { isLoopbackHost } from './id-token';
import { previewOriginProblem } from './preview-access';
import type { PreviewServer } from './preview-server';
import type { DraftPreviews } from './previews';
import type { ConnectionShares, Refused, Share } from './connection-shares';
import { cookieOf } from './preview-server';
import { connectionShares, limitConnections, serverTimeouts } from './request-limits';
import { hostedApi, OPEN_PREVIEW_ROUTE, refuse } from './routes';
import { setEditorHeaders } from './security-headers';
import { serveDraftFile, servedAppFile, servedAppPage } from './static-files';
import { openPreview, previewServerOf } from './whole-site';
import { brochureThreadReady } from '../../scripts/builder/parallel';

export type { HostedOptions } from './hosted';
export { OPEN_PREVIEW_ROUTE } from './routes';

export interface RunningEditor {
  server: Server;
  /** `http://127.0.0.1:<port>` as it listens. */
  address: string;
  repository: SiteRepository;
  /** The drafts' whole-site previews, when on (HostedOptions.previews). */
  previews: DraftPreviews | null;
  publisher: Publisher;
  /** The threads that check what editors send (check-threads.ts). */
  checks: CheckThreads;
  close(): Promise<void>;
}

/** Why this configuration may not run, or undefined: checked before anything listens. */
export function configurationProblem(options: Pick<HostedOptions, 'origin' | 'projectId' | 'emulatorHost' | 'host' | 'previews' | 'previewOrigin' | 'trustedProxies'>): string | undefined {
  const notAddress = options.trustedProxies?.find((proxy) => isIP(proxy) === 0);
  if (notAddress !== undefined) return ADMIN.text('ADMIN_TRUSTED_PROXY_NOT_ADDRESS', { value: notAddress });
  if (!options.emulatorHost && options.projectId.startsWith('demo-')) return ADMIN.text('ADMIN_DEMO_PROJECT_WITHOUT_EMULATOR', { projectId: options.projectId });
  if (options.previewOrigin !== undefined) {
    const problem = previewOriginProblem(options.previewOrigin, options.origin);
    if (problem) return problem;
  } else if (options.previews && !isLoopbackHost(options.host)) {
    return ADMIN.text('ADMIN_PREVIEWS_NEED_ORIGIN', { host: options.host });
  }
  if (options.origin === undefined) {
    return isLoopbackHost(options.host) ? undefined : ADMIN.text('ADMIN_ORIGIN_NEEDED', { host: options.host });
  }
  let origin: URL;
  try {
    origin = new URL(options.origin);
  } catch {
    return ADMIN.text('ADMIN_ORIGIN_NOT_AN_ADDRESS', { origin: options.origin });
  }
  if (origin.origin !== options.origin.replace(/\/$/, '')) return ADMIN.text('ADMIN_ORIGIN_NOT_ORIGIN', { origin: options.origin });
  if (origin.protocol !== 'https:' && !(origin.protocol === 'http:' && isLoopbackHost(origin.hostname.replace(/^\[|\]$/g, '')))) {
    return ADMIN.text('ADMIN_ORIGIN_NOT_HTTPS', { origin: options.origin });
  }
  return undefined;
}

type Serve = (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;

/** The editor's own addresses (the API, its app, "Preview the whole site"), then the files of the editor's draft. */
async function route(hosted: Hosted, api: Serve, previewServer: PreviewServer | null, req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  if (url.pathname.startsWith(`${EDITOR_API}/`)) return api(req, res, url);
  if (req.method !== 'GET' && req.method !== 'HEAD') throw EDITOR.refusal('EDITOR_ONLY_OWN_REQUESTS');
  if (url.pathname === '/' || url.pathname === `${EDITOR_ROUTE}/`) {
    res.statusCode = 302;
    res.setHeader('Location', EDITOR_ROUTE);
    return void res.end();
  }
  if (url.pathname === OPEN_PREVIEW_ROUTE) return openPreview(hosted, previewServer, req, res);
  if (servedAppPage(hosted, res, url) || servedAppFile(hosted, res, url)) return;
  if (url.pathname === EDITOR_PREVIEW_ROUTE || url.pathname.startsWith(`${EDITOR_ROUTE}/`)) throw EDITOR.refusal('EDITOR_NOTHING_AT', { path: url.pathname });
  // Anything else is a file of the editor's draft (a photo the preview shows): for a signed-in editor only.
  return serveDraftFile(hosted, req, res, url);
}

/** A failure of a request in words: a refusal as it is, a repository that does not answer, anything else the server's problem. */
function failed(hosted: Hosted, req: IncomingMessage, res: ServerResponse, url: URL, error: unknown): void {
  if (error instanceof Refusal) return refuse(hosted, req, res, error, { route: url.pathname });
  // The browser gave up on the request (a check superseded by the next key press): nobody to answer.
  // The connection says so, not `req.destroyed`, which is true as soon as a request's body is read.
  if ((res.destroyed || req.socket.destroyed) && !(error instanceof GitError)) return void res.end();
  hosted.log({ event: 'error', route: url.pathname, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  if (error instanceof GitError && !res.headersSent) return sendRefusal(res, EDITOR.refusal('EDITOR_REPOSITORY_UNREACHABLE'));
  if (res.headersSent) return void res.end();
  sendRefusal(res, EDITOR.refusal('EDITOR_SERVER_PROBLEM'));
}

/** The share of connections a request's connection moves to: a valid session's, a sign-in's, or the rest's. */
function shareOf(hosted: Hosted, req: IncomingMessage, url: URL): Share {
  if (hosted.sessions.get(cookieOf(req, hosted.cookieName))) return 'editors';
  return req.method === 'POST' && url.pathname === `${EDITOR_API}/session` ? 'sign-in' : 'others';
}

/** A request its share has no room for: answered in words, its connection closed. */
function turnedAway(hosted: Hosted, req: IncomingMessage, res: ServerResponse, url: URL, refused: Refused): void {
  hosted.log({ event: 'refused', route: url.pathname, why: refused === 'busy' ? "the signed-in editors' connections are all in use" : 'too many requests at once from one address' });
  res.setHeader('Connection', 'close');
  sendRefusal(res, EDITOR.refusal(refused === 'busy' ? 'EDITOR_SERVER_BUSY' : 'EDITOR_TOO_MANY_FROM_ADDRESS'));
}

/** Every request: its connection's share, the health check, a draft's preview (by its name), then the editor's own, on its own name only. */
function handler(hosted: Hosted, api: Serve, previewServer: PreviewServer | null, shares: ConnectionShares): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const url = new URL(req.url ?? '/', hosted.origin);
    const refused = shares.admit(req, res, shareOf(hosted, req, url));
    if (refused) return turnedAway(hosted, req, res, url, refused);
    if (url.pathname === '/healthz') {
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      return void res.end('ok');
    }
    // A draft's preview, on its own name (CESA_EDITOR_PREVIEW_ORIGIN): served with the live site's headers, not the editor's.
    const label = previewServer?.labelOf(req.headers.host);
    if (label !== undefined) return void previewServer?.serve(req, res, label);
    setEditorHeaders(res, hosted.headersFor, url.pathname);
    // A page elsewhere that points its own name at this server (DNS rebinding) names itself in Host.
    if (req.headers.host !== hosted.originHost) {
      const refusal = EDITOR.refusal('EDITOR_WRONG_HOST', { origin: hosted.origin, address: `${hosted.origin}${EDITOR_ROUTE}` });
      return refuse(hosted, req, res, refusal, { route: url.pathname, why: `Host: ${req.headers.host ?? 'none'}` });
    }
    try {
      await route(hosted, api, previewServer, req, res, url);
    } catch (error) {
      failed(hosted, req, res, url, error);
    }
  };
}

export async function startHostedEditor(options: HostedOptions): Promise<RunningEditor> {
  const problem = configurationProblem(options);
  if (problem) throw new Error(problem);
  const hosted = await assemble(options);
  const previewServer = previewServerOf(hosted);
  const shares = connectionShares(hosted.requestLimits, options.trustedProxies ?? []);
  const { serve: api, publishing } = hostedApi(hosted);
  const handle = handler(hosted, api, previewServer, shares);
  const server = createServer(serverTimeouts(hosted.requestLimits), (req, res) => void handle(req, res));
  limitConnections(server, hosted.requestLimits, shares);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  // Saves and publishes that change a course redraw the brochure: its thread loads now, not then.
  brochureThreadReady();
  // Schedules armed again (one due while the server was stopped runs now), and the next midnight's update of the live site.
  publishing.start();
  const { port } = server.address() as AddressInfo;
  const address = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  if (!hosted.origin) {
    hosted.origin = address;
    hosted.originHost = new URL(address).host;
  }
  const close = async () => {
    await publishing.close();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
    await previewServer?.close();
    await hosted.previews?.close();
    await hosted.checks.close();
  };
  return { server, address, repository: hosted.repository, previews: hosted.previews, publisher: hosted.publisher, checks: hosted.checks, close };
}
