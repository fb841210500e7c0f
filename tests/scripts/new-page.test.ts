/** `npm run new`: an editor starts a page from a template or from an existing page, named first, and it validates. */
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
  spawnSync(process.execPath, ['--import', path.join(root, 'node_modules/tsx/dist/loader.mjs'), path.join(root, 'commands/new-page.ts'), ...args], { cwd: project, encoding: 'utf8' });

describe('npm run new', { timeout: 60_000 }, () => {
  it('starts a course page from the course template with its name and duration everywhere, and the site still checks', () => {
    const result = newPage('/tekla-structures', '--from', 'course', '--name', 'Tekla Structures', '--duration', '60 hours');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Created pages/tekla-structures.yaml');
    const content = loadContent({ root: project });
    expect(content.errors).toEqual([]);
    const page = content.pages.find((entry) => entry.route === '/tekla-structures')!.page;
    expect(page.meta.course).toMatchObject({ name: 'Tekla Structures', duration: { text: '60 hours', hours: 60 } });
    // Stated once in the file; shown in the title, the heading, the facts and the call to action.
    const text = readFileSync(path.join(project, 'pages/tekla-structures.yaml'), 'utf8');
    expect(text.match(/Tekla Structures/g)).toHaveLength(1);
    expect(text).not.toContain('New Course\n');
    expect(page.meta.title).toBe('Tekla Structures Training in Pune | CESA');
    const hero = page.sections[0];
    expect(hero?.type === 'hero' && hero.title).toBe('Tekla Structures');
    const facts = page.sections.find((section) => section.type === 'facts');
    expect(facts?.type === 'facts' && facts.items.find((item) => item.label === 'Duration')?.value).toBe('60 hours');
    expect(JSON.stringify(page)).not.toContain('New Course');
    // The menu lists it by its name.
    expect(JSON.stringify(content.menu)).toContain('"label":"Tekla Structures"');
  });

  it('suggests the route from the name, and names a plain page by its heading and title', () => {
    const result = newPage('--name', 'Weekend Batches & Fees');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Created pages/weekend-batches-and-fees.yaml');
    const content = loadContent({ root: project });
    expect(content.errors).toEqual([]);
    const page = content.pages.find((entry) => entry.route === '/weekend-batches-and-fees')!.page;
    expect(page.meta.title).toBe('Weekend Batches & Fees | CESA');
    expect(page.sections[0]?.type === 'hero' && page.sections[0].title).toBe('Weekend Batches & Fees');
  });

  it("a name with $' $` $& or $$ is its title as typed (they are no replacement patterns)", () => {
    const name = "Fees $' $` $& $$ Offer";
    const result = newPage('/fees-offer', '--name', name);
    expect(result.status, result.stderr).toBe(0);
    const page = loadContent({ root: project }).pages.find((entry) => entry.route === '/fees-offer')!.page;
    expect(page.meta.title).toBe(`${name} | CESA`);
    expect(page.sections[0]?.type === 'hero' && page.sections[0].title).toBe(name);
  });

  it('makes nothing without a name, and no duration for a page that is no course, saying what to do', () => {
    const unnamed = newPage('/tekla-structures', '--from', 'course');
    expect(unnamed.status).toBe(1);
    expect(unnamed.stderr).toContain('The new page needs a name first: add --name');
    const blank = newPage('/tekla-structures', '--name', '  ');
    expect(blank.status).toBe(1);
    expect(blank.stderr).toContain('The new page needs a name first');
    const timed = newPage('/about-us', '--name', 'About us', '--duration', '45 hours');
    expect(timed.status).toBe(1);
    expect(timed.stderr).toContain('Only a course has a duration, and this page is not one.');
    expect(existsSync(path.join(project, 'pages/tekla-structures.yaml'))).toBe(false);
    expect(existsSync(path.join(project, 'pages/about-us.yaml'))).toBe(false);
  });

  it('copies an existing page without its aliases, into nested folders', () => {
    const result = newPage('gate/2027-dates', '--from', '/faculty', '--name', 'GATE 2027 dates');
    expect(result.status).toBe(0);
    const copy = readFileSync(path.join(project, 'pages/gate/2027-dates.yaml'), 'utf8');
    expect(copy).not.toContain('/Faculty');
    expect(loadContent({ root: project }).errors).toEqual([]);
  });

  it('keeps the comments and layout of the copied page, as New page in the visual editor does', () => {
    const original = readFileSync(path.join(project, 'pages/etabs.yaml'), 'utf8');
    const withComment = original.replace(/^meta:/m, '# Course fees change every June: check them then.\nmeta:');
    writeFileSync(path.join(project, 'pages/etabs.yaml'), withComment);
    expect(newPage('/etabs-weekend', '--from', '/etabs', '--name', 'ETABS').status).toBe(0);
    const copy = readFileSync(path.join(project, 'pages/etabs-weekend.yaml'), 'utf8');
    expect(copy).toContain('# Course fees change every June: check them then.\nmeta:');
    // Only the aliases (if any) go: every other line is the original's.
    const kept = withComment.split('\n').filter((line) => !/^\s+(aliases:|- \/)/.test(line));
    for (const line of kept) expect(copy.split('\n')).toContain(line);
  });

  it('refuses a route that is a page or an alias, an unknown source and a bad route, saying what to do, writing nothing', () => {
    const page = newPage('/etabs', '--name', 'ETABS');
    expect(page.status).toBe(1);
    expect(page.stderr).toContain('The address /etabs is already taken: it is the page pages/etabs.yaml');
    expect(page.stderr).toContain('Choose another address');
    expect(newPage('/autocad', '--name', 'AutoCAD').stderr).toContain('The address /autocad is already taken: it leads to /structural-autocad');
    const unknown = newPage('/x-new', '--from', '/nope', '--name', 'X');
    expect(unknown.stderr).toContain('There is no page at /nope to copy, and no template by that name');
    expect(unknown.stderr).toMatch(/start from a template: .*course/);
    expect(newPage('/Bad Route', '--name', 'Bad').stderr).toContain('"/Bad Route" cannot be the address of a new page');
    expect(existsSync(path.join(project, 'pages/x-new.yaml'))).toBe(false);
    expect(existsSync(path.join(project, 'pages/Bad Route.yaml'))).toBe(false);
  });
});
