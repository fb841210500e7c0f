/** The page files of a folder, however the folder is named, and the files in it that are no page. */
// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listPageFiles, strayPageFiles } from '../../src/content/load';

const work = mkdtempSync(path.join(tmpdir(), 'cesa-page-files-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const pagesDir = path.join(work, 'pages');
for (const file of ['index.yaml', 'etabs.yaml', 'gate/index.yaml', 'gate/ese/mains.yaml', '_site.yaml', '_drafts/x.yaml', '.hidden/y.yaml', 'New Course.yaml', 'x.YAML', 'gate/photo.jpg']) {
  mkdirSync(path.dirname(path.join(pagesDir, file)), { recursive: true });
  writeFileSync(path.join(pagesDir, file), 'meta: {}\n');
}
symlinkSync(path.join(pagesDir, 'etabs.yaml'), path.join(pagesDir, 'gate', 'linked.yaml'));

describe('the page files', () => {
  const expected = ['.hidden/y.yaml', 'New Course.yaml', 'etabs.yaml', 'gate/ese/mains.yaml', 'gate/index.yaml', 'index.yaml'];

  it.each([
    ['an absolute path', pagesDir],
    ['an absolute path ending in a slash', `${pagesDir}/`],
    ['a path with a dot and a step back', path.join(work, 'pages', '..', 'pages').replace('/pages/../pages', '/./pages/../pages')],
    ['a path relative to the working folder', path.relative(process.cwd(), pagesDir)],
    ['a relative path starting with ./', `./${path.relative(process.cwd(), pagesDir)}`],
  ])('are listed by their path inside the folder when the folder is named by %s', (_, dir) => {
    expect(listPageFiles(dir)).toEqual(expected);
  });

  it('leave out the files that are no page, and name each of those with what to do', () => {
    const stray = strayPageFiles(work, pagesDir).map((error) => [error.file, error.code]);
    expect(stray).toEqual([
      ['pages/New Course.yaml', 'bad-file-name'],
      ['pages/gate/linked.yaml', 'ignored-file'],
      ['pages/gate/photo.jpg', 'ignored-file'],
      ['pages/x.YAML', 'ignored-file'],
    ]);
  });
});
