/** `npm run new`: an editor starts a page from a template or from an existing page, and it validates. */
// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
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

  it('refuses a route that exists, an unknown source and a bad route, writing nothing', () => {
    expect(newPage('/etabs').stderr).toContain('/etabs already exists');
    expect(newPage('/x-new', '--from', '/nope').stderr).toContain('no page or template by that name');
    expect(newPage('/Bad Route').stderr).toContain('is not a route for a new page');
    expect(existsSync(path.join(project, 'pages/x-new.yaml'))).toBe(false);
  });
});
