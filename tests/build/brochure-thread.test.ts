/**
 * The brochure's thread (scripts/builder/parallel.ts, brochureThread) is kept, idle, for the next
 * build of a long-running process (the editor server): every brochure it draws must still be the one
 * asked for, a thread stopped while drawing (a build that stops) is never asked again, and one kept
 * idle does not keep a process from ending.
 */
// @vitest-environment node
// @tier slow: starts the brochure's worker threads, pdftotext and tsx
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { brochureThread, brochureThreadReady } from '../../scripts/builder/parallel';
import { loadContent } from '../../src/content/load';

const ROOT = path.resolve(import.meta.dirname, '../..');
const content = loadContent({ root: ROOT });
const site = content.site!;
const summaries = content.facts.flatMap((page) => page.summary ?? []);
const work = mkdtempSync(path.join(tmpdir(), 'cesa-brochure-thread-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The brochure's text, as a reader's PDF viewer would show it. */
function textOf(bytes: Uint8Array): string {
  const file = path.join(work, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
}

const renamed = (name: string) => summaries.map((summary, index) => (index === 0 ? { ...summary, name } : summary));

describe("the brochure's thread", () => {
  it('draws each brochure asked for, one build after another, on the thread kept between them', async () => {
    brochureThreadReady();
    for (const name of ['First renamed course', 'Second renamed course', 'Third renamed course']) {
      const bytes = await brochureThread().make(site, renamed(name), undefined);
      expect(textOf(bytes)).toContain(name);
    }
  });

  it('after a thread is stopped while drawing, the next build draws on a new one', async () => {
    const stopped = brochureThread();
    const drawing = stopped.make(site, renamed('Never finished'), undefined);
    await stopped.stop();
    await expect(drawing).rejects.toThrow();
    const bytes = await brochureThread().make(site, renamed('Drawn after the stop'), undefined);
    expect(textOf(bytes)).toContain('Drawn after the stop');
  });

  it('started ahead and not asked, is kept for the next build', async () => {
    await brochureThread().stop();
    const bytes = await brochureThread().make(site, renamed('Drawn by the one kept'), undefined);
    expect(textOf(bytes)).toContain('Drawn by the one kept');
  });

  it('kept idle, lets a process end', () => {
    const script = `import { brochureThread } from ${JSON.stringify(path.join(ROOT, 'scripts/builder/parallel.ts'))};
import { loadContent } from ${JSON.stringify(path.join(ROOT, 'src/content/load.ts'))};
const content = loadContent({ root: ${JSON.stringify(ROOT)} });
await brochureThread().make(content.site, content.facts.flatMap((page) => page.summary ?? []), undefined);
console.log('drawn');`;
    const file = path.join(work, 'ends.mts');
    writeFileSync(file, script);
    const output = execFileSync(path.join(ROOT, 'node_modules/.bin/tsx'), [file], { encoding: 'utf8', timeout: 60_000 });
    expect(output.trim()).toBe('drawn');
  });
});
