/**
 * Content written carelessly or with bad intent: each category that could damage the project,
 * publish other text than the file seems to say, or stall the build. Every case must end in located
 * errors (code, file, line, column, path), never a throw, and must not hide other files' errors.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContentError } from '../../src/content/errors';
import { loadContent } from '../../src/content/load';
import { stringContaining } from '../helpers/matchers';

const SITE = readFileSync(path.join(import.meta.dirname, '../fixtures/site.yaml'), 'utf8');

const page = (title: string, extra = '') =>
  `meta:\n  title: ${title}\n  description: d\n  keywords: [k]\n${extra}sections:\n  - type: hero\n    title: ${title}\n`;

/** A page whose hero has one more line (line 8 of the file). */
const heroWith = (line: string) => `${page('Home')}    ${line}\n`;

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

type Files = Record<string, string | Buffer>;

function project(files: Files): string {
  root = mkdtempSync(path.join(tmpdir(), 'cesa-hostile-'));
  const all: Files = {
    'pages/_site.yaml': SITE,
    'pages/index.yaml': page('Home'),
    'public/images/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>',
    'public/favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16"/>',
    ...files,
  };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const located = (errors: ContentError[]) => errors.map(({ code, file, line, column, path }) => ({ code, file, line, column, path }));

const billionLaughs = [
  'meta:',
  '  title: X',
  '  description: d',
  '  keywords: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]',
  ...Array.from({ length: 9 }, (_, level) => `  k${level}: &${String.fromCharCode(98 + level)} [${Array(10).fill(`*${String.fromCharCode(97 + level)}`).join(', ')}]`),
  'sections:',
  '  - type: hero',
  '    title: X',
].join('\n');

describe('hostile and careless content', () => {
  // name, files of the project, expected { code, file, line, column, path } among the errors
  it.each<[string, Files, Partial<ContentError>]>([
    // 1. Paths that leave their folder: nothing outside public/ is read, nothing outside dist/ written.
    ['brochure written over a page', { 'pages/_site.yaml': SITE.replace('/downloads/cesa-brochure.pdf', '/../pages/placement.yaml') }, { code: 'invalid-content', file: 'pages/_site.yaml', line: 12, column: 3, path: 'brochure.file' }],
    ['brochure that is not a PDF', { 'pages/_site.yaml': SITE.replace('/downloads/cesa-brochure.pdf', '/downloads/brochure.html') }, { code: 'invalid-format', file: 'pages/_site.yaml', line: 12, path: 'brochure.file' }],
    ['brochure inside a page', { 'pages/_site.yaml': SITE.replace('/downloads/cesa-brochure.pdf', '/etabs/brochure.pdf'), 'pages/etabs.yaml': page('ETABS') }, { code: 'route-collision', file: 'pages/_site.yaml', line: 12, path: 'brochure.file' }],
    ['brochure over a public file', { 'pages/_site.yaml': SITE.replace('/downloads/cesa-brochure.pdf', '/downloads/old.pdf'), 'public/downloads/old.pdf': '%PDF-' }, { code: 'route-collision', file: 'pages/_site.yaml', path: 'brochure.file' }],
    ['image outside public/', { 'pages/index.yaml': heroWith('image: /images/../../pages/_site.yaml.svg') }, { code: 'invalid-content', file: 'pages/index.yaml', line: 8, column: 5, path: 'sections[0].image' }],
    ['image through a backslash', { 'pages/index.yaml': heroWith('image: /images/..\\..\\x.svg') }, { code: 'invalid-format', line: 8, path: 'sections[0].image' }],
    ['image through an encoded ..', { 'pages/index.yaml': heroWith('image: /images/%2e%2e/x.svg') }, { code: 'invalid-format', line: 8, path: 'sections[0].image' }],
    // 2. Anchors and aliases: refused wherever they are, before anything expands.
    ['billion laughs in a page', { 'pages/index.yaml': billionLaughs }, { code: 'yaml-alias', file: 'pages/index.yaml', line: 4, column: 13, path: 'meta.keywords' }],
    ['aliases in the menu', { 'pages/_site.yaml': SITE.replace('menu:\n  - label: Home\n    href: /', 'menu:\n  - &m\n    label: Home\n    href: /\n  - *m') }, { code: 'yaml-alias', file: 'pages/_site.yaml', line: 7, column: 5, path: 'menu[0]' }],
    // 3. Text that would be published other than it reads.
    ['an unknown tag eats a word', { 'pages/index.yaml': heroWith('subtitle: !New batch starts Monday') }, { code: 'yaml-tag', line: 8, column: 15, path: 'sections[0].subtitle' }],
    ['a language tag', { 'pages/index.yaml': page('Home').replace('title: Home\n', 'title: !!js/function "function () { return 1 }"\n') }, { code: 'yaml-tag', line: 2, column: 10, path: 'meta.title' }],
    ['a standard tag', { 'pages/index.yaml': heroWith('subtitle: !!str 2026') }, { code: 'yaml-tag', line: 8, path: 'sections[0].subtitle' }],
    ['bytes that are not UTF-8', { 'pages/index.yaml': Buffer.concat([Buffer.from(page('Home')), Buffer.from('    subtitle: Caf'), Buffer.from([0xe9]), Buffer.from(' menu\n')]) }, { code: 'not-utf8', line: 8, column: 18 }],
    ['a file saved as UTF-16', { 'pages/index.yaml': Buffer.from(`\ufeff${page('Home')}`, 'utf16le') }, { code: 'not-utf8', line: 1, column: 1 }],
    ['a control character', { 'pages/index.yaml': heroWith('subtitle: "Batch\u0000starts"') }, { code: 'hidden-character', line: 8, column: 21 }],
    ['a right-to-left override', { 'pages/index.yaml': heroWith('subtitle: Fees \u202e0005 INR') }, { code: 'hidden-character', line: 8, column: 20 }],
    // 4. Addresses that collide with files in public/ or with what the build writes.
    ['a page named like a public file', { 'pages/favicon.svg.yaml': page('Icon') }, { code: 'route-collision', file: 'pages/favicon.svg.yaml', line: 1, column: 1 }],
    ['an alias that is robots.txt', { 'pages/index.yaml': page('Home', '  aliases: [/robots.txt]\n') }, { code: 'route-collision', line: 5, column: 13, path: 'meta.aliases[0]' }],
    ['an alias under the scripts folder', { 'pages/index.yaml': page('Home', '  aliases: [/assets/app]\n') }, { code: 'route-collision', line: 5, path: 'meta.aliases[0]' }],
    ['a page under a public file', { 'pages/favicon.svg/x.yaml': page('X') }, { code: 'route-collision', file: 'pages/favicon.svg/x.yaml' }],
    ['a page that is a public index.html', { 'pages/downloads.yaml': page('D'), 'public/downloads/index.html': '<p>' }, { code: 'route-collision', file: 'pages/downloads.yaml' }],
    ['a page named sitemap.xml', { 'pages/sitemap.xml.yaml': page('S') }, { code: 'route-collision', file: 'pages/sitemap.xml.yaml' }],
    ['an image path with %', { 'pages/index.yaml': heroWith('image: /images/x-100%.svg') }, { code: 'invalid-format', line: 8, column: 5, path: 'sections[0].image' }],
    // 5. Files the build would skip, or build at an address no link can use.
    ['a page file with a space', { 'pages/New Course.yaml': page('New') }, { code: 'bad-file-name', file: 'pages/New Course.yaml', line: 1, column: 1, hint: stringContaining('New-Course.yaml') }],
    ['an upper-case extension', { 'pages/x.YAML': page('X') }, { code: 'ignored-file', file: 'pages/x.YAML', hint: stringContaining('x.yaml') }],
    ['a photo in pages/', { 'pages/photo.jpg': 'JFIF' }, { code: 'ignored-file', file: 'pages/photo.jpg' }],
    // 7. Errors that say where and why, once.
    ['one tab', { 'pages/index.yaml': page('Home').replace('  description: d', '\tdescription: d') }, { code: 'yaml-tab', line: 3, column: 1, path: 'meta' }],
    ['an unclosed list', { 'pages/index.yaml': page('Home').replace('keywords: [k]', 'keywords: [k, l') }, { code: 'yaml-syntax', line: 4, column: 13, path: 'meta.keywords' }],
    // Limits that keep any file from stalling the build.
    ['nesting too deep', { 'pages/index.yaml': heroWith(`subtitle: ${'['.repeat(5000)}${']'.repeat(5000)}`) }, { code: 'too-deep', line: 8 }],
    ['a file too large', { 'pages/index.yaml': heroWith(`subtitle: ${'x'.repeat(1_100_000)}`) }, { code: 'file-too-large', line: 1 }],
  ])('%s', (_, files, expected) => {
    const content = loadContent({ root: project(files) });
    expect(content.errors).toContainEqual(expect.objectContaining({ file: 'pages/index.yaml', ...expected }));
    for (const error of content.errors) {
      expect(error.message).not.toMatch(/\n\s+at |Error:/);
      expect(error.hint).toBeTruthy();
    }
  });

  it('a tab is reported once, with the other lines that have one', () => {
    const tabbed = page('Home').replace('  description: d', '\tdescription: d').replace('  keywords: [k]', '\tkeywords: [k]');
    const { errors } = loadContent({ root: project({ 'pages/index.yaml': tabbed }) });
    expect(located(errors)).toEqual([{ code: 'yaml-tab', file: 'pages/index.yaml', line: 3, column: 1, path: 'meta' }]);
    expect(errors[0]!.hint).toContain('line 4');
  });

  it('an alias claimed by two pages names both, in both files', () => {
    const { errors } = loadContent({
      root: project({ 'pages/a.yaml': page('A', '  aliases: [/old]\n'), 'pages/b.yaml': page('B', '  aliases: [/old]\n') }),
    });
    expect(errors.map(({ code, file, message }) => ({ code, file, message }))).toEqual([
      { code: 'duplicate-route', file: 'pages/a.yaml', message: stringContaining('pages/b.yaml') },
      { code: 'duplicate-route', file: 'pages/b.yaml', message: stringContaining('pages/a.yaml') },
    ]);
  });

  it('a billion laughs does not hide the other files’ errors', () => {
    const { errors } = loadContent({ root: project({ 'pages/index.yaml': billionLaughs, 'pages/b.yaml': page('B').replace('hero', 'heroo') }) });
    expect(new Set(errors.map((error) => error.file))).toEqual(new Set(['pages/index.yaml', 'pages/b.yaml']));
  });

  it('a link out of public/ is not followed', () => {
    const outside = mkdtempSync(path.join(tmpdir(), 'cesa-outside-'));
    try {
      writeFileSync(path.join(outside, 'secret.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
      project({ 'pages/index.yaml': heroWith('image: /images/secret.svg') });
      symlinkSync(path.join(outside, 'secret.svg'), path.join(root, 'public/images/secret.svg'));
      expect(located(loadContent({ root }).errors)).toEqual([{ code: 'missing-file', file: 'pages/index.yaml', line: 8, column: 5, path: 'sections[0].image' }]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('text with & and ! that is not YAML syntax is published as written', () => {
    const content = loadContent({ root: project({ 'pages/index.yaml': heroWith('subtitle: Analysis & Design! 100 % practical *live* projects') }) });
    expect(content.errors).toEqual([]);
    const hero = content.pages[0]!.page.sections[0];
    expect(hero?.type === 'hero' && hero.subtitle).toBe('Analysis & Design! 100 % practical *live* projects');
  });
});
