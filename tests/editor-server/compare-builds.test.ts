/**
 * What the update for a new date compares (editor/publish/compare-builds.ts): two built sites, file
 * by file. A page is named by its address when its HTML differs, is new or is gone; other files are
 * counted; identical builds differ in nothing, so nothing is deployed.
 */
// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changedRoutes } from '../../editor/publish/compare-builds';

let temp: string;

afterEach(() => rmSync(temp, { recursive: true, force: true }));

/** A built site in `<temp>/<name>` with these files. */
function site(name: string, files: Record<string, string>): string {
  const dir = path.join(temp, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

const built = {
  'index.html': '<footer>© 2026</footer>',
  'etabs/index.html': '<h1>ETABS</h1><p>Next batch 11 Jan</p>',
  'batches/index.html': '<h1>Upcoming batches</h1>',
  'sitemap.xml': '<urlset/>',
  'assets/app.js': 'x',
};

describe('comparing a build for the new date with the live one', () => {
  it('finds nothing when the builds are the same byte for byte', () => {
    temp = mkdtempSync(path.join(tmpdir(), 'cesa-compare-'));
    expect(changedRoutes(site('live', built), site('next', built))).toEqual({ routes: [], others: 0 });
  });

  it('names the pages whose HTML changed, appeared or went, by their address, and counts the other files', () => {
    temp = mkdtempSync(path.join(tmpdir(), 'cesa-compare-'));
    const { 'batches/index.html': _gone, ...rest } = built;
    const next = { ...rest, 'index.html': '<footer>© 2027</footer>', 'etabs/index.html': built['etabs/index.html'], 'courses/index.html': '<h1>Courses</h1>', 'sitemap.xml': '<urlset><url/></urlset>' };
    expect(changedRoutes(site('live', built), site('next', next))).toEqual({ routes: ['/', '/batches', '/courses'], others: 1 });
  });
});
