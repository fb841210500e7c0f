/**
 * The hosted editor's own sessions: after a checked sign-in (id-token.ts) the browser holds only a
 * random id in an HttpOnly cookie; the server keeps who it is. Kept in a file of the state folder, so
 * a restart signs nobody out; the file holds a hash of each id, never the id itself, so reading it
 * does not let anyone in. Whether the person may still edit is not stored: editors.yaml is looked at
 * on every request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';

/** A session ends after 8 hours without a request, or 12 hours after sign-in, whichever comes first. */
export const IDLE_MS = 8 * 60 * 60 * 1000;
export const MAX_MS = 12 * 60 * 60 * 1000;
/** Sessions one account keeps at once (a phone, a laptop, a few tabs signed in again): past it the oldest ends. */
export const MAX_PER_ACCOUNT = 20;

const SessionSchema = z.object({ uid: z.string(), email: z.string(), createdAt: z.number(), lastSeenAt: z.number() });
const StoreSchema = z.object({ sessions: z.record(z.string(), SessionSchema) });

export type Session = z.infer<typeof SessionSchema>;

/** A session's key: the hash of its cookie's id (what the file holds; a preview's pass names it too). */
export const sessionKey = (id: string) => createHash('sha256').update(id).digest('hex');

export class SessionStore {
  private sessions: Record<string, Session> = {};
  private savedAt = 0;

  constructor(
    private readonly file: string,
    private readonly now: () => number = Date.now,
  ) {
    if (existsSync(file)) {
      const parsed = StoreSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
      // A damaged file signs everyone out, nothing worse.
      if (parsed.success) this.sessions = parsed.data.sessions;
    }
  }

  /** A new session for a checked account: the id to put in the cookie. */
  create(account: { uid: string; email: string }): string {
    const id = randomBytes(32).toString('base64url');
    const at = this.now();
    this.sessions[sessionKey(id)] = { uid: account.uid, email: account.email, createdAt: at, lastSeenAt: at };
    this.endOldest(account.email);
    this.save(true);
    return id;
  }

  /** The session of a cookie's id, if it has not ended. */
  get(id: string | undefined): Session | undefined {
    return id ? this.byKey(sessionKey(id)) : undefined;
  }

  /** The session of a key (sessionKey), if it has not ended. */
  byKey(key: string): Session | undefined {
    const session = this.sessions[key];
    if (!session) return undefined;
    const at = this.now();
    if (at - session.lastSeenAt > IDLE_MS || at - session.createdAt > MAX_MS) {
      delete this.sessions[key];
      this.save(true);
      return undefined;
    }
    session.lastSeenAt = at;
    this.save(false);
    return session;
  }

  /** How many sessions are kept (tests). */
  get size(): number {
    return Object.keys(this.sessions).length;
  }

  /** Ends an account's oldest sessions past MAX_PER_ACCOUNT: a script signing in again and again grows nothing. */
  private endOldest(email: string): void {
    const mine = Object.entries(this.sessions).filter(([, session]) => session.email === email);
    if (mine.length <= MAX_PER_ACCOUNT) return;
    mine.sort(([, a], [, b]) => a.createdAt - b.createdAt);
    for (const [key] of mine.slice(0, mine.length - MAX_PER_ACCOUNT)) delete this.sessions[key];
  }

  delete(id: string | undefined): void {
    if (!id) return;
    delete this.sessions[sessionKey(id)];
    this.save(true);
  }

  /** Written at once for a new or ended session; a request's "last seen" at most once a minute. */
  private save(now: boolean): void {
    const at = this.now();
    if (!now && at - this.savedAt < 60_000) return;
    this.savedAt = at;
    for (const [key, session] of Object.entries(this.sessions)) {
      if (at - session.lastSeenAt > IDLE_MS || at - session.createdAt > MAX_MS) delete this.sessions[key];
    }
    mkdirSync(path.dirname(this.file), { recursive: true });
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, JSON.stringify({ sessions: this.sessions }), { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}
