/**
 * The drafts' whole-site previews over HTTP: each on an origin of its own (a name of the wildcard
 * CESA_EDITOR_PREVIEW_ORIGIN, answered by the editor's own server, or on this computer a loopback port
 * per draft), letting in only the editor a ticket names (preview-access.ts), then answering with the
 * draft's build as Hosting would (previews.ts): with the live site's headers, plus X-Robots-Tag noindex.
 * Nothing frames a preview ("Preview the whole site" opens it in a tab of its own), so the live
 * site's frame-ancestors 'none' stands.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Refusal } from '../server/http';
import { draftLabel, NamedPreviewOrigins, PREVIEW_ENTRY_PATH, PreviewPasses, PreviewRefusal, type PreviewHolder } from './preview-access';
import type { DraftPreviews } from './previews';
import { EDITOR } from '../errors';

export interface PreviewServerOptions {
  /** Where the editor listens: on this computer, the drafts' ports are opened there too. */
  host: string;
  /** `https://{draft}.preview.example.org`, or undefined for a loopback port per draft. */
  previewOrigin: string | undefined;
  previews: DraftPreviews;
  passes: PreviewPasses;
  /** Refuses (PreviewRefusal) a holder who may no longer see their draft: session ended, not in editors.yaml. */
  stillAllowed: (holder: PreviewHolder) => Promise<void>;
  /** The draft's work tree (made if the server has none yet). */
  worktreeOf: (id: string) => Promise<string>;
  /** Refuses (Refusal, 429) an editor who asked too much. */
  takeLimit: (id: string) => void;
  log: (entry: Record<string, unknown>) => void;
}

/** Words for a person who opened an address in a tab: plain text, nothing to run. */
export function sendWords(res: ServerResponse, status: number, text: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  res.end(`${text}\n`);
}

const BEING_BUILT = EDITOR.text('EDITOR_PREVIEW_BEING_BUILT');

export class PreviewServer {
  private readonly named: NamedPreviewOrigins | null;
  /** On this computer: a loopback server per draft whose preview was opened, by draft. */
  private readonly ports = new Map<string, Promise<{ server: Server; origin: string }>>();

  constructor(private readonly options: PreviewServerOptions) {
    this.named = options.previewOrigin === undefined ? null : new NamedPreviewOrigins(options.previewOrigin);
  }

  private get secure(): boolean {
    return this.named?.secure ?? false;
  }

  /** One per draft: on this computer the drafts' ports share the cookies of 127.0.0.1. `__Host-` needs https. */
  private cookieName(label: string): string {
    return `${this.secure ? '__Host-' : ''}cesa_preview_${label}`;
  }

  /** The draft label of a request to the editor's server that names a preview (by Host), or undefined. */
  labelOf(host: string | undefined): string | undefined {
    return this.named?.labelOf(host);
  }

  /** The origin of a draft's preview; on this computer, a loopback port of its own, opened at the first call. */
  async originOf(id: string): Promise<string> {
    if (this.named) return this.named.originOf(id);
    let opened = this.ports.get(id);
    if (!opened) {
      opened = this.openPort(id);
      this.ports.set(id, opened);
      opened.catch(() => this.ports.delete(id));
    }
    return (await opened).origin;
  }

  private async openPort(id: string): Promise<{ server: Server; origin: string }> {
    let own = '';
    const server = createServer((req, res) => {
      // A page elsewhere that points its own name at this port (DNS rebinding) names itself in Host.
      if (req.headers.host !== new URL(own).host) return sendWords(res, 421, EDITOR.text('EDITOR_PREVIEW_WRONG_HOST', { origin: own }));
      void this.serve(req, res, draftLabel(id));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, this.options.host, () => resolve());
    });
    own = `http://${this.options.host.includes(':') ? `[${this.options.host}]` : this.options.host}:${(server.address() as AddressInfo).port}`;
    return { server, origin: own };
  }

  /**
   * "Preview the whole site" for a signed-in editor: on to their draft's preview origin with a ticket,
   * or words while the first build runs.
   */
  async open(res: ServerResponse, holder: PreviewHolder): Promise<void> {
    const { previews, passes } = this.options;
    if (!previews.site(holder.draft)) {
      if (!previews.has(holder.draft)) previews.update(holder.draft, await this.options.worktreeOf(holder.draft));
      res.setHeader('Retry-After', '5');
      return sendWords(res, 503, BEING_BUILT);
    }
    const location = `${await this.originOf(holder.draft)}${PREVIEW_ENTRY_PATH}?ticket=${encodeURIComponent(passes.ticket(holder))}`;
    res.statusCode = 303;
    // The ticket is not for the preview's record of where people came from.
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('Location', location);
    res.end();
  }

  /**
   * A request on the origin of the draft `label` names: the ticket from the editor (then the
   * preview's own cookie, and on to the clean address), or a file of the draft's build for the
   * holder of that cookie.
   */
  async serve(req: IncomingMessage, res: ServerResponse, label: string): Promise<void> {
    const { previews, passes, log } = this.options;
    const url = new URL(req.url ?? '/', 'http://preview');
    let draft = label;
    // A draft is not the site: no search engine keeps a page of it, even one whose address got out.
    res.setHeader('X-Robots-Tag', 'noindex, nofollow');
    try {
      if (url.pathname === PREVIEW_ENTRY_PATH) {
        const holder = passes.redeem(url.searchParams.get('ticket') ?? '', label);
        draft = holder.draft;
        await this.options.stillAllowed(holder);
        const { value, maxAgeS } = passes.cookie(holder);
        res.setHeader('Set-Cookie', `${this.cookieName(label)}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeS}${this.secure ? '; Secure' : ''}`);
        res.setHeader('Referrer-Policy', 'no-referrer');
        res.setHeader('Cache-Control', 'no-store');
        res.statusCode = 303;
        res.setHeader('Location', '/');
        log({ event: 'preview-opened', email: holder.email, draft: `drafts/${draft}` });
        return void res.end();
      }
      const holder = passes.check(cookieOf(req, this.cookieName(label)), label);
      draft = holder.draft;
      await this.options.stillAllowed(holder);
      this.options.takeLimit(draft);
      const site = previews.site(draft);
      if (!site) {
        // After a restart nothing is built yet: the first look builds it.
        if (!previews.has(draft)) previews.update(draft, await this.options.worktreeOf(draft));
        res.setHeader('Retry-After', '5');
        return sendWords(res, 503, BEING_BUILT);
      }
      site.handler(req, res);
    } catch (error) {
      if (error instanceof PreviewRefusal) {
        log({ event: 'refused', status: error.status, reason: error.message, route: url.pathname, draft: `drafts/${draft}` });
        return sendWords(res, error.status, error.message);
      }
      if (error instanceof Refusal) {
        log({ event: 'refused', status: error.status, reason: error.body.error, route: url.pathname, draft: `drafts/${draft}` });
        if (typeof error.extra.retryAfter === 'number') res.setHeader('Retry-After', String(error.extra.retryAfter));
        return sendWords(res, error.status, [error.body.error, error.body.hint].filter(Boolean).join(' '));
      }
      log({ event: 'error', route: url.pathname, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      if (res.headersSent) return void res.end();
      sendWords(res, 500, EDITOR.text('EDITOR_PREVIEW_PROBLEM'));
    }
  }

  /** Closes the drafts' ports (on this computer). */
  async close(): Promise<void> {
    for (const opened of this.ports.values()) {
      const running = await opened.catch(() => null);
      if (!running) continue;
      await new Promise<void>((resolve) => {
        running.server.close(() => resolve());
        running.server.closeAllConnections();
      });
    }
  }
}

/** The value of the cookie `name` a request sends. */
export function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
