/** The hosted editor's rate limits: refused past the limit, filled again over time, and forgotten once full again. */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, RateLimiter } from '../../editor/hosted/rate-limit';

describe('rate limits', () => {
  it('refuse past the limit, saying how long to wait', () => {
    const limiter = new RateLimiter({ ...DEFAULT_LIMITS, save: { count: 2, perMs: 60_000 } }, () => 0);
    limiter.take('save', 'asha');
    limiter.take('save', 'asha');
    expect(() => limiter.take('save', 'asha')).toThrow('You saved more often than the editor takes in a minute.');
    // Another person's bucket is their own.
    expect(() => limiter.take('save', 'ravi')).not.toThrow();
  });

  it('keep no bucket for the thousands of accounts that signed in once, once their buckets are full again', () => {
    let now = 0;
    const limiter = new RateLimiter(DEFAULT_LIMITS, () => now);
    for (let account = 0; account < 5000; account++) limiter.take('sign-in', `uid-${account}`);
    expect(limiter.size).toBe(5000);
    now += 2 * 60_000;
    limiter.take('sign-in', 'uid-late');
    expect(limiter.size).toBe(1);
  });

  it('keep a bucket that is not full yet: forgetting it would let its owner ask again at once', () => {
    let now = 0;
    const limiter = new RateLimiter({ ...DEFAULT_LIMITS, upload: { count: 1, perMs: 60 * 60_000 } }, () => now);
    limiter.take('upload', 'asha');
    now += 2 * 60_000;
    limiter.take('sign-in', 'someone');
    expect(() => limiter.take('upload', 'asha')).toThrow('You uploaded more photos than the editor takes in an hour.');
  });
});
