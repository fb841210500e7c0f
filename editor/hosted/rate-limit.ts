/**
 * How much one person may ask of the hosted editor: a bucket of requests per editor (per address for
 * signing in) that fills again over time, so a stuck script or a leaked session cannot flood the
 * repository with commits or the server with work. Refusals say how long to wait; in one process,
 * as the server is (one instance). Sign-ins count per account, once the token is checked.
 */
import type { Refusal } from '../server/http';
import { EDITOR, PUBLISH } from '../errors';

export type Limited = 'sign-in' | 'read' | 'preview' | 'save' | 'upload' | 'publish';

export interface Limit {
  /** How many at once, and how many per `perMs` after that. */
  count: number;
  perMs: number;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A person typing and saving never meets these: the preview's checks run at most a few times a second. */
export const DEFAULT_LIMITS: Record<Limited, Limit> = {
  'sign-in': { count: 10, perMs: MINUTE },
  read: { count: 600, perMs: MINUTE },
  // Every file of every page of a draft's whole-site preview (a page brings its styles, scripts and photos).
  preview: { count: 3000, perMs: MINUTE },
  save: { count: 60, perMs: MINUTE },
  upload: { count: 30, perMs: HOUR },
  // Publishing's requests (review, ready, publish, roll back): each may fetch, merge and build. A publisher's action is two.
  publish: { count: 20, perMs: MINUTE },
};

/** The refusal of each kind of request, with how long to wait (editor/errors.ts). */
const REFUSALS = {
  'sign-in': (wait: string, retryAfter: number) => EDITOR.refusal('EDITOR_TOO_MANY_SIGN_INS', { wait }, { retryAfter }),
  read: (wait: string, retryAfter: number) => EDITOR.refusal('EDITOR_TOO_MANY_READS', { wait }, { retryAfter }),
  preview: (wait: string, retryAfter: number) => EDITOR.refusal('EDITOR_TOO_MANY_PREVIEW_READS', { wait }, { retryAfter }),
  save: (wait: string, retryAfter: number) => EDITOR.refusal('EDITOR_TOO_MANY_SAVES', { wait }, { retryAfter }),
  upload: (wait: string, retryAfter: number) => EDITOR.refusal('EDITOR_TOO_MANY_UPLOADS', { wait }, { retryAfter }),
  publish: (wait: string, retryAfter: number) => PUBLISH.refusal('PUBLISH_TOO_MANY', { wait }, { retryAfter }),
} satisfies Record<Limited, (wait: string, retryAfter: number) => Refusal>;

export class RateLimiter {
  private readonly buckets = new Map<string, { kind: Limited; tokens: number; at: number }>();
  private sweptAt = 0;

  constructor(
    private readonly limits: Record<Limited, Limit> = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes one from `who`'s bucket of `kind`, or refuses (429) saying how long to wait. */
  take(kind: Limited, who: string): void {
    const { count, perMs } = this.limits[kind];
    const key = `${kind} ${who}`;
    const at = this.now();
    this.sweep(at);
    const bucket = this.buckets.get(key) ?? { kind, tokens: count, at };
    bucket.tokens = Math.min(count, bucket.tokens + ((at - bucket.at) * count) / perMs);
    bucket.at = at;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return;
    }
    const seconds = Math.max(1, Math.ceil(((1 - bucket.tokens) * perMs) / count / 1000));
    throw REFUSALS[kind](seconds === 1 ? 'a second' : `${seconds} seconds`, seconds);
  }

  /** How many people's buckets are kept (tests). */
  get size(): number {
    return this.buckets.size;
  }

  /**
   * Forgets, once a minute, the buckets that have filled up again: a full bucket is what a newcomer
   * gets, so nothing changes but the memory (sign-ins count per Google account, and anyone can make those).
   */
  private sweep(at: number): void {
    if (at - this.sweptAt < 60_000) return;
    this.sweptAt = at;
    for (const [key, bucket] of this.buckets) {
      const { count, perMs } = this.limits[bucket.kind];
      if (bucket.tokens + ((at - bucket.at) * count) / perMs >= count) this.buckets.delete(key);
    }
  }
}
