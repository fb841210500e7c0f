/**
 * sharp's work waits in one queue (scripts/images/images.ts, `limiter`): a photo's decoding, which the
 * pages wait for, goes ahead of the files being encoded, and those ahead of the cards; never more at a
 * time than there are slots.
 */
// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { limiter, RANK } from '../../scripts/images/images';

describe("the queue of sharp's work", () => {
  it('starts the waiting tasks by rank, then in the order they were asked for, one slot at a time', async () => {
    const run = limiter(1);
    const started: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string, rank: number) =>
      run(async () => {
        started.push(name);
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 1));
        running--;
      }, rank);
    await Promise.all([
      task('first card', RANK.card),
      task('second card', RANK.card),
      task('an AVIF', RANK.encode),
      task('a WebP', RANK.encode),
      task('a photo decoded', RANK.decode),
    ]);
    expect(started).toEqual(['first card', 'a photo decoded', 'an AVIF', 'a WebP', 'second card']);
    expect(most).toBe(1);
  });

  it('gives a task that fails its slot back', async () => {
    const run = limiter(1);
    await expect(run(() => Promise.reject(new Error('damaged')), RANK.decode)).rejects.toThrow('damaged');
    await expect(run(() => Promise.resolve('next'))).resolves.toBe('next');
  });
});
