/** `npm run new`: an editor starts a page from a template or from an existing page, and it validates. */
// @tier slow: runs npm run new
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load';

const root = path.resolve(import.meta.dirname, '../..');
let project: string;

beforeEach(() => {
  project = mkdtempSync(path.join(tmpdir(), 'cesa-new-'));
  cpSync(path.join(root, 'pages'), path.join(project, 'pages'), { recursive: true });
  cpSync(path.join(root, 'public'), path.join(project, 'public'), { recursive: true });
});
afterEach(() => rmSync(project, { recursive: true, force: true }));

const newPage = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', path.join(root, 'node_modules/tsx/dist/loader.mjs'), path.join(root, 'scripts/new-page.ts'), ...args], { cwd: project, encoding: 'utf8' });

describe('npm run new', { timeout: 60_000 }, () => {
  it('starts a course page from the course template, and the site still checks', () => {
    const result = newPage('/tekla-structures', '--from', 'course');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Created pages/tekla-structures.yaml');
    const content = loadContent({ root: project });
    expect(content.errors).toEqual([]);
    expect(content.pages.find((entry) => entry.route === '/tekla-structures')?.page.meta.course?.name).toBe('New Course');
  });

  it('copies an existing page without its aliases, into nested folders', () => {
    const result = newPage('gate/2027-dates', '--from', '/faculty');
    expect(result.status).toBe(0);
    const copy = readFileSync(path.join(project, 'pages/gate/2027-dates.yaml'), 'utf8');
    expect(copy).not.toContain('/Faculty');
    expect(loadContent({ root: project }).errors).toEqual([]);
  });

  it('keeps the comments and layout of the copied page, as New page in the visual editor does', () => {
    const original = readFileSync(path.join(project, 'pages/etabs.yaml'), 'utf8');
    const withComment = original.replace(/^meta:/m, '# Course fees change every June: check them then.\nmeta:');
    writeFileSync(path.join(project, 'pages/etabs.yaml'), withComment);
    expect(newPage('/etabs-weekend', '--from', '/etabs').status).toBe(0);
    const copy = readFileSync(path.join(project, 'pages/etabs-weekend.yaml'), 'utf8');
    expect(copy).toContain('# Course fees change every June: check them then.\nmeta:');
    // Only the aliases (if any) go: every other line is the original's.
    const kept = withComment.split('\n').filter((line) => !/^\s+(aliases:|- \/)/.test(line));
    for (const line of kept) expect(copy.split('\n')).toContain(line);
  });

  it('refuses a route that is a page or an alias, an unknown source and a bad route, saying what to do, writing nothing', () => {
    const page = newPage('/etabs');
    expect(page.status).toBe(1);
    expect(page.stderr).toContain('The address /etabs is already taken: it is the page pages/etabs.yaml');
    expect(page.stderr).toContain('Choose another address');
    expect(newPage('/autocad').stderr).toContain('The address /autocad is already taken: it leads to /structural-autocad');
    const unknown = newPage('/x-new', '--from', '/nope');
    expect(unknown.stderr).toContain('There is no page at /nope to copy, and no template by that name');
    expect(unknown.stderr).toMatch(/start from a template: .*course/);
    expect(newPage('/Bad Route').stderr).toContain('"/Bad Route" cannot be the address of a new page');
    expect(existsSync(path.join(project, 'pages/x-new.yaml'))).toBe(false);
    expect(existsSync(path.join(project, 'pages/Bad Route.yaml'))).toBe(false);
  });
});
