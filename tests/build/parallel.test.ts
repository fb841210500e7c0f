/** The parallel build paths give the same result as the serial ones. */
// @vitest-environment node
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load';
import { loadContentFast, workerCount } from '../../scripts/lib/parallel';
import { writeSyntheticProject } from '../../scripts/lib/synthetic';

const root = mkdtempSync(path.join(tmpdir(), 'cesa-parallel-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('validation in worker threads', () => {
  it('finds the same pages, routes and errors as the serial loader, and the cache changes nothing', async () => {
    const count = 240;
    writeSyntheticProject(root, count);
    expect(workerCount(count)).toBeGreaterThan(1);
    const serial = loadContent({ root });
    const cacheDir = path.join(root, 'cache');
    const parallel = await loadContentFast({ root, cacheDir });
    const cached = await loadContentFast({ root, cacheDir });
    expect(parallel.errors).toEqual([]);
    for (const result of [parallel, cached]) {
      expect(result.pages.map((entry) => entry.route)).toEqual(serial.pages.map((entry) => entry.route));
      expect(JSON.parse(JSON.stringify(result.pages))).toEqual(JSON.parse(JSON.stringify(serial.pages)));
    }
  }, 120_000);
});
