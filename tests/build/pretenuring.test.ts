/**
 * A large build turns V8's allocation-site pretenuring off while it runs (scripts/builder/page-work.ts)
 * and on again when it ends: the flag is the whole process's, and a process that goes on (the dev
 * server, the hosted editor) would otherwise start every later worker thread slower.
 */
// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';

const flags = vi.hoisted(() => [] as string[]);
vi.mock('node:v8', async (original) => ({ ...(await original<typeof import('node:v8')>()), setFlagsFromString: (flag: string) => void flags.push(flag) }));

const { pretenuringOffFor } = await import('../../scripts/builder/page-work');

beforeEach(() => {
  flags.length = 0;
});

describe('pretenuring during a build', () => {
  it('is left as it is for a small build', () => {
    pretenuringOffFor(60)();
    expect(flags).toEqual([]);
  });

  it('is off from the start of a large build and on again at its end, once however often the end is reported', () => {
    const on = pretenuringOffFor(50_000);
    expect(flags).toEqual(['--no-allocation-site-pretenuring']);
    on();
    on();
    expect(flags).toEqual(['--no-allocation-site-pretenuring', '--allocation-site-pretenuring']);
  });

  it('stays off until the last of two overlapping builds ends', () => {
    const first = pretenuringOffFor(5_000);
    const second = pretenuringOffFor(20_000);
    first();
    expect(flags).toEqual(['--no-allocation-site-pretenuring']);
    second();
    expect(flags).toEqual(['--no-allocation-site-pretenuring', '--allocation-site-pretenuring']);
  });
});
