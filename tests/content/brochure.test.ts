// @tier slow: runs the PDF tools on the brochure
// @vitest-environment node
/**
 * The brochure is checked the way a reader would open it: with poppler-utils (pdfinfo, pdftotext).
 * CI installs them (`apt-get install -y poppler-utils`); without them these tests fail, never skip.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBrochure } from '../helpers/brochure';
import { toWinAnsi, wrapText } from '../../scripts/builder/brochure-text';
import { PageSchema, type Page } from '../../src/content/page-schema';
import { SiteSchema } from '../../src/content/site-schema';

const site = SiteSchema.parse({
  name: 'Civil Engineering Software Academy',
  shortName: 'CESA',
  url: 'https://www.cesa.example.com',
  logo: { src: '/images/logo.svg', alt: 'CESA' },
  menu: [{ label: 'Home', href: '/' }],
  form: { url: 'https://forms.example.com/cesa-enquiry' },
  brochure: { file: '/downloads/cesa-brochure.pdf', fileName: 'CESA-Brochure.pdf' },
  contact: { phone: '+91 00000 00000', chat: 'https://wa.me/910000000000' },
  branches: [
    { city: 'Pune', name: 'Head office', address: ['1 Example Road', 'Pune 411000'], phones: ['+91 00000 00001'], emails: ['pune@cesa.example.com'] },
    { city: 'Nagpur', address: ['2 Example Road', 'Nagpur 440000'] },
  ],
  footer: { about: 'Training civil engineers since 2004 – classroom and online.', copyright: '© 2025 CESA' },
});

const meta = (name: string, group: string, duration?: number | string) => ({
  title: `${name} | CESA`,
  description: `${name} training.`,
  keywords: [name],
  course: { name, group, ...(duration === undefined ? {} : { duration }) },
});

const pages: { route: string; page: Page }[] = [
  {
    route: '/etabs',
    page: PageSchema.parse({
      meta: meta('ETABS', 'structure', '15, 25 or 45 hours'),
      sections: [
        { type: 'hero', title: 'ETABS Training Programme', points: ['Shear wall modelling → design', 'Stipend ₹8,000 per month 🎓', 'निर्माण Special section designers'] },
        { type: 'facts', items: [{ label: 'Packages', value: '15, 25 or 45 hours' }] },
        {
          type: 'packages',
          cards: [
            { title: 'ETABS Basic', duration: 15 },
            { title: 'ETABS Advance + SAFE', duration: 25 },
            { title: 'Advance Training Programme (ETABS + SAFE + RCDC)', duration: 45 },
          ],
        },
      ],
    }),
  },
  {
    route: '/autocad',
    page: PageSchema.parse({
      meta: meta('AutoCAD', 'drafting', '45 to 50 hours'),
      sections: [
        { type: 'hero', title: 'AutoCAD' },
        { type: 'facts', items: [{ label: 'Duration', value: '45 to 50 hours' }] },
        { type: 'list', items: ['Taught by an authorised academic channel partner', 'International certification'] },
      ],
    }),
  },
  {
    route: '/primavera',
    page: PageSchema.parse({
      meta: meta('Primavera', 'project'),
      sections: [
        { type: 'hero', title: 'Primavera P6' },
        { type: 'packages', cards: [{ title: 'Primavera for planners', duration: 30 }] },
      ],
    }),
  },
  {
    route: '/about',
    page: PageSchema.parse({ meta: { title: 'About | CESA', description: 'About us.', keywords: 'about' }, sections: [{ type: 'hero', title: 'About us' }] }),
  },
];

const date = new Date('2025-06-15T00:00:00Z');

/** Runs a poppler tool (beforeAll has checked it is installed) and returns its output. */
function poppler(tool: 'pdfinfo' | 'pdftotext', args: string[]): string {
  return execFileSync(tool, args, { encoding: 'utf8' });
}

let dir = '';
const write = (name: string, bytes: Uint8Array) => {
  const file = join(dir, name);
  writeFileSync(file, bytes);
  return file;
};

beforeAll(() => {
  for (const tool of ['pdfinfo', 'pdftotext']) {
    if (spawnSync(tool, ['-v']).error) {
      throw new Error(`${tool} is not installed, so the brochure cannot be checked. Install poppler-utils: apt-get install -y poppler-utils`);
    }
  }
  dir = mkdtempSync(join(tmpdir(), 'brochure-'));
});

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('buildBrochure', () => {
  it('is a PDF a reader opens, titled as the academy brochure', async () => {
    const file = write('brochure.pdf', await buildBrochure(site, pages, { date }));

    const info = poppler('pdfinfo', [file]);

    expect(info).toMatch(/^Title:\s+CESA Brochure$/m);
    expect(info).toMatch(/^Author:\s+Civil Engineering Software Academy$/m);
    expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
    expect(Number(/^Pages:\s+(\d+)$/m.exec(info)?.[1])).toBeGreaterThanOrEqual(1);
  });

  it('lists the courses with durations, highlights and addresses, then the branches and contacts', async () => {
    const file = write('text.pdf', await buildBrochure(site, pages, { date }));

    const text = poppler('pdftotext', ['-layout', file, '-']);

    expect(text).toContain('Civil Engineering Software Academy');
    expect(text).toContain('Training civil engineers since 2004 – classroom and online.');
    expect(text).toContain('Drafting');
    expect(text).toContain('Structural analysis & design');
    expect(text).toContain('AutoCAD');
    expect(text).toContain('ETABS Training Programme');
    expect(text).toContain('Duration: 45 to 50 hours');
    expect(text).toContain('Primavera P6');
    expect(text).toContain('Shear wall modelling -> design');
    expect(text).toContain('Stipend Rs 8,000 per month');
    expect(text).toContain('Special section designers');
    expect(text).toContain('International certification');
    expect(text).toContain('https://www.cesa.example.com/etabs');
    expect(text).toContain('Pune — Head office');
    expect(text).toContain('+91 00000 00001');
    expect(text).toContain('pune@cesa.example.com');
    expect(text).toContain('Nagpur');
    expect(text).toContain('https://forms.example.com/cesa-enquiry');
    expect(text).not.toContain('About us');
    // Drafting comes before structure whatever the page order.
    expect(text.indexOf('AutoCAD')).toBeLessThan(text.indexOf('ETABS Training Programme'));
  });

  it('gives each course its declared duration once, and no duration line to a course that declares none', async () => {
    const file = write('durations.pdf', await buildBrochure(site, pages, { date }));

    const text = poppler('pdftotext', [file, '-']);
    const durationLines = text.split('\n').filter((line) => line.startsWith('Duration:'));

    // ETABS states 15, 25 and 45 hours in its packages and facts: the brochure says it once, as declared.
    expect(durationLines).toEqual(['Duration: 45 to 50 hours', 'Duration: 15, 25 or 45 hours']);
    expect(text).not.toContain('15 hours');
    // Primavera declares none: its package's 30 hours are not the course's duration.
    expect(text).not.toContain('30 hours');
  });

  it('breaks long content over numbered pages, keeping every word on the page and clear of the footer', async () => {
    const points = (i: number) =>
      Array.from({ length: 1 + ((i * 5) % 8) }, (_, p) => `Point ${i}.${p} ${'covering a topic in some depth '.repeat((i + p) % 5)}end`);
    const many = Array.from({ length: 30 }, (_, i) => ({
      route: `/course-${i}`,
      page: PageSchema.parse({
        meta: meta(`Course ${i} ${'with a rather long name '.repeat(i % 3)}`.trim(), i % 2 ? 'bim' : 'special', 20 + i),
        sections: [
          { type: 'hero', title: `Course ${i}`, points: points(i) },
          { type: 'facts', items: [{ label: 'Duration', value: `${20 + i} hours` }] },
        ],
      }),
    }));
    const file = write('long.pdf', await buildBrochure(site, many, { date }));

    const pageCount = Number(/^Pages:\s+(\d+)$/m.exec(poppler('pdfinfo', [file]))?.[1]);
    const text = poppler('pdftotext', [file, '-']);
    expect(pageCount).toBeGreaterThan(3);
    for (let n = 2; n <= pageCount; n++) expect(text).toContain(`Page ${n} of ${pageCount}`);

    // pdftotext leaves out text drawn outside the page, so every point must come back whole.
    const flowing = text.replace(/CESA Brochure|Page \d+ of \d+/g, ' ').replace(/\s+/g, ' ');
    for (let i = 0; i < 30; i++) {
      expect(flowing).toContain(`Duration: ${20 + i} hours`);
      for (const point of points(i)) expect(flowing).toContain(point.replace(/\s+/g, ' '));
    }

    // A course is not split over two pages when it fits on one.
    const pageTexts = text.split('\f');
    for (let i = 0; i < 30; i++) {
      const page = pageTexts.find((pageText) => pageText.includes(`https://www.cesa.example.com/course-${i}\n`));
      expect(page, `page of course ${i}`).toContain(`Duration: ${20 + i} hours`);
    }

    const footerZone = 841.89 - 70;
    const words = [...poppler('pdftotext', ['-bbox', file, '-']).matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g)];
    expect(words.length).toBeGreaterThan(1000);
    for (const [, xMin, xMax, yMax, word] of words) {
      expect(Number(xMin), word).toBeGreaterThanOrEqual(40);
      expect(Number(xMax), word).toBeLessThanOrEqual(595.28 - 40);
      if (Number(yMax) > footerZone) expect(word).toMatch(/^(CESA|Brochure|Page|of|\d+)$/);
    }

    const cover = poppler('pdftotext', ['-layout', '-f', '1', '-l', '1', file, '-']);
    for (const chapter of ['Special courses', 'BIM & Tekla', 'Branches and contacts']) {
      const listed = Number(new RegExp(`^\\s*${chapter}\\s+(\\d+)$`, 'm').exec(cover)?.[1]);
      expect(listed, `${chapter} in the contents`).toBeGreaterThan(1);
      expect(poppler('pdftotext', ['-f', String(listed), '-l', String(listed), file, '-'])).toContain(chapter);
    }
  });

  it('gives the same bytes for the same content and date', async () => {
    const first = await buildBrochure(site, pages, { date });
    const second = await buildBrochure(site, [...pages].reverse(), { date });

    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });
});

describe('toWinAnsi', () => {
  it('keeps what the standard fonts can draw, including typographic punctuation', () => {
    expect(toWinAnsi('“ETABS” – 45 hours — café, 20 m², © 2025 • ‘SAFE’ …')).toBe('“ETABS” – 45 hours — café, 20 m², © 2025 • ‘SAFE’ …');
  });

  it('replaces symbols it cannot draw with readable stand-ins', () => {
    expect(toWinAnsi('₹8,000 → ₹ 30 lakh, ≥ 5, x ≤ 2, −3, non‑breaking')).toBe('Rs 8,000 -> Rs 30 lakh, >= 5, x <= 2, -3, non-breaking');
  });

  it('drops accents and characters it cannot encode, and folds whitespace', () => {
    expect(toWinAnsi('  Belgaum\u00a0/ Belagavi\tśākhā\n🎓 निर्माण office ﬁle  ')).toBe('Belgaum / Belagavi sakha office file');
  });

  it('only produces text Helvetica encodes', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const everything = Array.from({ length: 0x3000 }, (_, code) => String.fromCodePoint(code)).join('') + '😀𝐀';

    expect(() => font.encodeText(toWinAnsi(everything))).not.toThrow();
  });
});

describe('wrapText', () => {
  const width = (text: string) => text.length;

  it('fits as many words per line as the width allows', () => {
    expect(wrapText('one two three four five', 9, width)).toEqual(['one two', 'three', 'four five']);
  });

  it('cuts a word longer than a line', () => {
    expect(wrapText('see https://example.com/long', 10, width)).toEqual(['see', 'https://ex', 'ample.com/', 'long']);
  });

  it('gives no lines for no text', () => {
    expect(wrapText('', 10, width)).toEqual([]);
  });
});
