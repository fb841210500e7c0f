/**
 * What `npm run check` lists for a launch to replace (src/content/example-values.ts): example values
 * by their `# example` mark or their reserved names, example pictures by their mark or their known
 * contents, each with its file and line; and the project's own content, where none of the pictures
 * says "placeholder" on screen.
 */
// @vitest-environment node
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadContent } from '../../src/content/load';
import { EXAMPLE_FILES, EXAMPLE_PICTURE_MARK, examplePictures, exampleUsesIn, findExampleUses, formatExampleUses } from '../../src/content/example-values';

const ROOT = path.resolve(import.meta.dirname, '../..');
const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A project folder holding `files` (path → text). */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'cesa-examples-'));
  folders.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const marked = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!--${EXAMPLE_PICTURE_MARK}--></svg>`;
const real = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><circle r="4"/></svg>';

describe('example values in a YAML file', () => {
  it.each([
    ['url: https://www.cesa.example.com', true],
    ['url: https://forms.example.com/cesa-enquiry', true],
    ['emails: [pune@cesa.example.org]', true],
    ['- Example Building, 1st Floor, Example Road', true],
    ['- { name: Example Builders A, city: Pune }', true],
    ['phones: ["+91 00000 00001"]', true],
    ['- { label: Facebook, href: "https://www.facebook.com/example-cesa" }', true],
    ['name: Lead Faculty (name to be added)  # example', true],
    ['title: For example, a frame', false],
    ['text: Examples of structures we analyse', false],
    ['url: https://www.cesa-academy.in', false],
    ['# Addresses below are example values (example.com)', false],
  ])('%s → %s', (line, listed) => {
    expect(exampleUsesIn('pages/x.yaml', line, new Set()).length > 0).toBe(listed);
  });

  it('a `# example` on a line that opens a block marks the block, and only it', () => {
    const source = ['name: CESA', 'firebase:   # example: the emulator\'s project', '  apiKey: demo-key', '  projectId: demo-cesa', 'footer:', '  about: Since 2004.'].join('\n');
    expect(exampleUsesIn('pages/_site.yaml', source, new Set())).toEqual([
      { file: 'pages/_site.yaml', line: 2, text: 'firebase:' },
      { file: 'pages/_site.yaml', line: 3, text: 'apiKey: demo-key' },
      { file: 'pages/_site.yaml', line: 4, text: 'projectId: demo-cesa' },
    ]);
  });

  it('names the example picture a line shows', () => {
    const pictures = new Set(['/images/heroes/etabs.svg']);
    expect(exampleUsesIn('pages/etabs.yaml', 'image: { src: /images/heroes/etabs.svg, alt: A frame }\nimage: /images/real.jpg', pictures)).toEqual([
      { file: 'pages/etabs.yaml', line: 1, text: 'image: { src: /images/heroes/etabs.svg, alt: A frame }', picture: '/images/heroes/etabs.svg' },
    ]);
  });
});

describe('example pictures', () => {
  it('are the files that carry the mark, and the known clips while their contents are the shipped ones', () => {
    const [clip] = Object.keys(EXAMPLE_FILES);
    const root = project({
      'public/images/a.svg': marked,
      'public/images/b.svg': real,
      [`public/${clip}`]: 'not the shipped clip',
    });
    expect(examplePictures(path.join(root, 'public'))).toEqual(new Set(['/images/a.svg']));
    // The shipped file itself is known by its contents.
    writeFileSync(path.join(root, 'public', clip!), readFileSync(path.join(ROOT, 'public', clip!)));
    expect(examplePictures(path.join(root, 'public'))).toEqual(new Set(['/images/a.svg', `/${clip}`]));
  });

  it('a real picture put in place of an example is no longer listed', () => {
    const root = project({ 'public/images/a.svg': marked, 'pages/index.yaml': 'sections:\n  - type: hero\n    image: /images/a.svg\n' });
    expect(findExampleUses(root)).toHaveLength(1);
    writeFileSync(path.join(root, 'public/images/a.svg'), real);
    expect(findExampleUses(root)).toEqual([]);
  });
});

describe('the reminder npm run check prints', () => {
  it('lists the site document first, each value with its file and line, the rest as ranges, pictures per file', () => {
    const root = project({
      'public/images/a.svg': marked,
      'public/images/b.svg': marked,
      'pages/_site.yaml': 'url: https://www.cesa.example.com\ncontact:\n  phone: "+91 00000 00001"\n',
      'pages/about.yaml': ['sections:', '  - type: hero', '    image: /images/a.svg', '  - type: logos', '    items:', ...Array.from({ length: 6 }, (_, i) => `      - { name: Example College ${i} }`), '    more: /images/b.svg'].join('\n'),
      'pages/_templates/course.yaml': 'title: Example Course\n',
    });
    expect(formatExampleUses(findExampleUses(root))).toMatchInlineSnapshot(`
      "To replace before launch: 8 example values and 2 example pictures, in 2 files (README, "Replace before launch"; a reminder, not an error):
        pages/_site.yaml:1  url: https://www.cesa.example.com
        pages/_site.yaml:3  phone: "+91 00000 00001"
        pages/about.yaml:6  - { name: Example College 0 }
        pages/about.yaml:7  - { name: Example College 1 }
        pages/about.yaml:8  - { name: Example College 2 }
        pages/about.yaml:9  - { name: Example College 3 }
        pages/about.yaml: 2 more example values, lines 10–11
        pages/about.yaml: 2 example pictures (/images), lines 3, 12"
    `);
  });

  it('says when nothing is left', () => {
    expect(formatExampleUses(findExampleUses(project({ 'pages/index.yaml': 'title: CESA\n' })))).toBe('No example values or pictures left: nothing to replace before launch.');
  });
});

describe("the project's content", () => {
  const uses = findExampleUses(ROOT);

  it('lists the example values the README names, with their file and line', () => {
    const site = readFileSync(path.join(ROOT, 'pages/_site.yaml'), 'utf8').split('\n');
    const urlLine = site.findIndex((line) => line.startsWith('url: ')) + 1;
    expect(uses).toContainEqual({ file: 'pages/_site.yaml', line: urlLine, text: site[urlLine - 1] });
    expect(uses.filter((use) => use.file === 'pages/_site.yaml' && /firebase:|projectId/.test(use.text))).toHaveLength(2);
    expect(uses.some((use) => use.file === 'pages/faculty.yaml' && use.text.includes('Lead Faculty'))).toBe(true);
    expect(uses.some((use) => use.file === 'pages/contact.yaml' && use.text.includes('maps/embed'))).toBe(true);
    expect(uses.some((use) => use.picture === '/media/hero-poster.webp')).toBe(true);
  });

  it("lists every batch's dates, days, hours, centre and fee as examples, the year of Manual Analysis's too", () => {
    const pages = loadContent({ root: ROOT }).pages.filter((entry) => (entry.page.meta.course?.batches.length ?? 0) > 0);
    expect(pages.length).toBeGreaterThanOrEqual(6);
    for (const { file, page } of pages) {
      const listed = uses.filter((use) => use.file === file).map((use) => use.text);
      for (const batch of page.meta.course!.batches) {
        expect(listed, file).toContain(`- start: ${batch.start}`);
        expect(listed, file).toContain(`fee: ${batch.fee}`);
      }
    }
    expect(uses.filter((use) => use.file === 'pages/manualanalysis.yaml').map((use) => use.text)).toEqual(expect.arrayContaining(['- start: 2027-06-15', '- start: 2027-07-15']));
  });

  it('every picture of public/images is an example picture, and none says "placeholder"', () => {
    const pictures = examplePictures(path.join(ROOT, 'public'));
    const files = readdirSync(path.join(ROOT, 'public/images'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(path.join(ROOT, 'public'), path.join(entry.parentPath, entry.name)).split(path.sep).join('/')}`);
    expect(files.length).toBeGreaterThan(250);
    expect(files.filter((file) => !pictures.has(file))).toEqual([]);
    expect(files.filter((file) => /placeholder/i.test(readFileSync(path.join(ROOT, 'public', file), 'utf8')))).toEqual([]);
  });
});
