/**
 * Who may see a draft's whole-site preview (previews.ts), and at which address. Each draft's preview
 * has an origin of its own, apart from the editor's, so that one draft's pages can read nothing of the
 * editor's or of another draft's: on a server, one wildcard name (`https://{draft}.preview.example.org`,
 * each draft a subdomain, all answered by the editor's own process, which tells them apart by `Host`);
 * on this computer, a loopback port per draft.
 *
 * Previews are not public. "Preview the whole site" goes through the editor, where the editor is
 * signed in; it gives a ticket: signed with the server's secret (HMAC-SHA256), naming the editor, their
 * session and their draft, good for one minute and once, also across a restart (the tickets used are
 * written in the state folder until they expire). The preview's origin takes it, answers with
 * a cookie of its own (HttpOnly, SameSite=Lax, Secure on https, signed the same way), and sends the
 * browser on to the clean address. Every request of the preview then checks that cookie, that the
 * editor's session has not ended and that editors.yaml still lists them (server.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import { isLoopbackHost } from './id-token';
import { ADMIN, EDITOR } from '../errors';
import { Refusal } from '../server/http';

/** Where a preview's origin takes a ticket: no page of a site has a route that starts with `_`. */
export const PREVIEW_ENTRY_PATH = '/_cesa-preview';
/** How long a ticket may wait before it is used: opening the preview takes a second. */
export const TICKET_MS = 60_000;
/** How long a preview's cookie lasts at most (as long as an editor's session may); the session's end ends it too. */
export const PREVIEW_COOKIE_MS = 12 * 60 * 60 * 1000;

/** Who a ticket or a preview cookie lets in. */
export interface PreviewHolder {
  /** The draft (editorId of the editor). */
  draft: string;
  /** The editor's email, as editors.yaml lists it. */
  email: string;
  /** The key of the editor's session (sessions.ts), whose end ends the preview too. */
  session: string;
}

const PassSchema = z.object({
  kind: z.enum(['ticket', 'cookie']),
  draft: z.string(),
  email: z.string(),
  session: z.string(),
  expires: z.number(),
  nonce: z.string(),
});
type Pass = z.infer<typeof PassSchema>;

/**
 * A ticket or cookie refused (401 without one, 403 with a bad one, 429 too many at once): a refusal of
 * the catalogue whose message is what the person sees on the preview's plain page, its words and hint together.
 */
export class PreviewRefusal extends Refusal {
  constructor(refusal: Refusal) {
    super(refusal.status, refusal.body, refusal.extra);
    this.message = [refusal.body.error, refusal.body.hint].filter(Boolean).join(' ');
    this.name = 'PreviewRefusal';
  }
}

/** The server's secret for signing: made once in the state folder (so a restart keeps previews open), readable by the server only. */
export function previewSecret(stateDir: string): Buffer {
  const file = path.join(stateDir, 'preview-secret');
  if (existsSync(file)) {
    const secret = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
    if (secret.length >= 32) return secret;
  }
  mkdirSync(stateDir, { recursive: true });
  const secret = randomBytes(32);
  writeFileSync(file, `${secret.toString('base64url')}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/** The tickets used, by nonce (the ticket's id), with when each expires: `{ "<nonce>": <expires> }`. */
const UsedTicketsSchema = z.record(z.string(), z.number());

/**
 * At most this many tickets used within a minute are remembered; beyond it a ticket is refused rather
 * than forgotten (each editor opens a preview a few times a minute at most).
 */
export const MAX_USED_TICKETS = 10_000;

/**
 * The tickets used until they expire, in a file of the state folder, so that a restart does not make a
 * used ticket good again. A file that cannot be read (cut short by a crash, changed by hand) is not
 * trusted to be complete: every ticket made before this start is then refused.
 */
export class UsedTickets {
  private readonly used = new Map<string, number>();
  /** Tickets that expire before this were made before a start that lost the list: refused. */
  private readonly madeAfter: number;

  constructor(
    private readonly file: string | null,
    private readonly now: () => number,
  ) {
    const loaded = file === null ? new Map<string, number>() : readUsed(file);
    this.madeAfter = loaded === null ? now() + TICKET_MS : 0;
    for (const [nonce, expires] of loaded ?? []) this.used.set(nonce, expires);
  }

  /** Whether a ticket with `nonce` that expires at `expires` may be used now (it then cannot be again). */
  take(nonce: string, expires: number): 'taken' | 'used' | 'unknown' | 'full' {
    if (expires <= this.madeAfter) return 'unknown';
    const at = this.now();
    for (const [known, until] of this.used) if (until <= at) this.used.delete(known);
    if (this.used.has(nonce)) return 'used';
    if (this.used.size >= MAX_USED_TICKETS) return 'full';
    this.used.set(nonce, expires);
    // Written before the ticket lets anyone in: a failure to write refuses it (the caller's 500).
    if (this.file !== null) writeUsed(this.file, this.used);
    return 'taken';
  }
}

/** The list in `file`: empty when there is none, null when it cannot be read. */
function readUsed(file: string): Map<string, number> | null {
  if (!existsSync(file)) return new Map();
  try {
    const parsed = UsedTicketsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
    return parsed.success ? new Map(Object.entries(parsed.data)) : null;
  } catch {
    return null;
  }
}

/** Whole or not at all: a crash while writing leaves the list before it. */
function writeUsed(file: string, used: Map<string, number>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const staging = `${file}.tmp-${process.pid}`;
  writeFileSync(staging, `${JSON.stringify(Object.fromEntries(used))}\n`, { mode: 0o600 });
  renameSync(staging, file);
}

/** The passes of a server whose state folder is `stateDir`: its secret, and its list of tickets used. */
export function statePreviewPasses(stateDir: string, now: () => number = Date.now): PreviewPasses {
  return new PreviewPasses(previewSecret(stateDir), now, path.join(stateDir, 'preview-tickets-used.json'));
}

export class PreviewPasses {
  /** Tickets used, until they would have expired anyway. */
  private readonly used: UsedTickets;

  /** `usedFile`: where the tickets used are kept across restarts (none: in this process only). */
  constructor(
    private readonly secret: Buffer,
    private readonly now: () => number = Date.now,
    usedFile: string | null = null,
  ) {
    this.used = new UsedTickets(usedFile, now);
  }

  private sign(pass: Pass): string {
    const payload = Buffer.from(JSON.stringify(pass)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(payload).digest('base64url');
  }

  /** The pass in `value` if the server signed it, is of `kind` and has not expired. */
  private open(value: string, kind: Pass['kind']): Pass {
    const [payload = '', mac = '', ...rest] = value.split('.');
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (rest.length > 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_LINK_FORGED'));
    }
    const parsed = PassSchema.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown);
    if (!parsed.success || parsed.data.kind !== kind) throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_LINK_FORGED'));
    if (parsed.data.expires <= this.now()) {
      throw new PreviewRefusal(EDITOR.refusal(kind === 'ticket' ? 'EDITOR_PREVIEW_LINK_EXPIRED' : 'EDITOR_PREVIEW_ACCESS_ENDED'));
    }
    return parsed.data;
  }

  private pass(kind: Pass['kind'], holder: PreviewHolder, ms: number): Pass {
    return { kind, draft: holder.draft, email: holder.email, session: holder.session, expires: this.now() + ms, nonce: randomBytes(16).toString('base64url') };
  }

  /** A ticket for the holder's draft: good for TICKET_MS, once. */
  ticket(holder: PreviewHolder): string {
    return this.sign(this.pass('ticket', holder, TICKET_MS));
  }

  /** Who the ticket lets into the preview at `label` (draftLabel); it cannot be used again. */
  redeem(ticket: string, label: string): PreviewHolder {
    const pass = this.open(ticket, 'ticket');
    if (draftLabel(pass.draft) !== label) throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_LINK_OTHER_DRAFT'));
    const taken = this.used.take(pass.nonce, pass.expires);
    if (taken === 'used') throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_LINK_USED'));
    if (taken === 'unknown') throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_LINK_BEFORE_RESTART'));
    if (taken === 'full') throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_TOO_MANY_OPENED'));
    return { draft: pass.draft, email: pass.email, session: pass.session };
  }

  /** The value of the preview's own cookie for the holder, and how long it lasts (seconds). */
  cookie(holder: PreviewHolder): { value: string; maxAgeS: number } {
    return { value: this.sign(this.pass('cookie', holder, PREVIEW_COOKIE_MS)), maxAgeS: PREVIEW_COOKIE_MS / 1000 };
  }

  /** Who the preview's cookie lets into the preview at `label` (draftLabel); none: 401. */
  check(cookie: string | undefined, label: string): PreviewHolder {
    if (!cookie) throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_PRIVATE'));
    const pass = this.open(cookie, 'cookie');
    if (draftLabel(pass.draft) !== label) throw new PreviewRefusal(EDITOR.refusal('EDITOR_PREVIEW_OTHER_DRAFT'));
    return { draft: pass.draft, email: pass.email, session: pass.session };
  }
}

/**
 * A draft's name as one DNS label (at most 63 characters): the draft id when it fits, else its
 * beginning and a hash of it, so that two long addresses never share a label.
 */
export function draftLabel(id: string): string {
  if (id.length <= 63) return id;
  const hash = createHmac('sha256', 'cesa-draft-label').update(id).digest('hex').slice(0, 8);
  return `${id.slice(0, 54).replace(/-+$/, '')}-${hash}`;
}

/** The pattern's place for the draft, which must be the first label of the host. */
const DRAFT = '{draft}';

/** Why `pattern` cannot be the previews' address, or undefined. `editorOrigin` is the editor's. */
export function previewOriginProblem(pattern: string, editorOrigin: string | undefined): string | undefined {
  if (!pattern.includes(`://${DRAFT}.`)) return ADMIN.text('ADMIN_PREVIEW_ORIGIN_NO_DRAFT', { pattern });
  let url: URL;
  try {
    url = new URL(pattern.replace(DRAFT, 'draft'));
  } catch {
    return ADMIN.text('ADMIN_PREVIEW_ORIGIN_NOT_AN_ADDRESS', { pattern });
  }
  if (url.origin !== pattern.replace(DRAFT, 'draft').replace(/\/$/, '')) return ADMIN.text('ADMIN_PREVIEW_ORIGIN_NOT_ORIGIN', { pattern });
  const local = isLoopbackHost(url.hostname) || url.hostname.endsWith('.localhost');
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) return ADMIN.text('ADMIN_PREVIEW_ORIGIN_NOT_HTTPS', { pattern });
  if (editorOrigin !== undefined) {
    const editorHost = new URL(editorOrigin).hostname;
    const suffix = url.hostname.slice('draft'.length);
    if (editorHost.endsWith(suffix)) return ADMIN.text('ADMIN_PREVIEW_ORIGIN_SHARES_EDITOR', { editorOrigin });
  }
  return undefined;
}

/** The previews' origins on one wildcard name: `https://{draft}.preview.example.org`. */
export class NamedPreviewOrigins {
  private readonly scheme: string;
  /** `.preview.example.org` (and `:port` if it has one), lowercase. */
  private readonly suffix: string;

  constructor(pattern: string) {
    const url = new URL(pattern.replace(DRAFT, 'draft'));
    this.scheme = url.protocol;
    this.suffix = url.host.slice('draft'.length).toLowerCase();
  }

  get secure(): boolean {
    return this.scheme === 'https:';
  }

  originOf(id: string): string {
    return `${this.scheme}//${draftLabel(id)}${this.suffix}`;
  }

  /** The draft label a request's `Host` names, or undefined when it is not a preview's. */
  labelOf(host: string | undefined): string | undefined {
    const lower = host?.toLowerCase();
    if (!lower?.endsWith(this.suffix)) return undefined;
    const label = lower.slice(0, -this.suffix.length);
    return /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/.test(label) ? label : undefined;
  }
}
