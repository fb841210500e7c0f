/**
 * The academy brochure (PDF), built from the content at build time so it never goes out of date:
 * a cover with contents, the course pages by chapter (name, declared duration, highlights, address), then
 * the branches and contacts. The build writes the result at `site.brochure.file`.
 */
import { createRequire } from 'node:module';
import type * as PdfLib from 'pdf-lib';
import type { Color, PDFDocument as Document, PDFFont, PDFPage } from 'pdf-lib';
import { groupCourses, type CourseChapter, type CourseSummary } from '../../src/content/course-chapters';
import type { Branch, Site } from '../../src/content/site-schema';
import { toWinAnsi, wrapText } from './brochure-text';

/**
 * pdf-lib's single-file build (the same version, its dependencies inlined): its CommonJS build is some
 * 300 modules, each through Node's module loader and, imported from ESM, its export scanner: 0.5–2 s of
 * the brochure's thread against 0.1–0.2 s for this file. The same bytes out (compared on the real site
 * and 1,000 courses).
 */
const loadCommonJs = createRequire(import.meta.url);
const { PDFDocument, PageSizes, StandardFonts, rgb } = loadCommonJs('pdf-lib/dist/pdf-lib.min.js') as typeof PdfLib;

export interface BrochureOptions {
  /**
   * Creation date written into the PDF. Without one the PDF carries no dates at all, so identical content
   * gives identical bytes (the build passes SOURCE_DATE_EPOCH when it is set).
   */
  date?: Date | undefined;
}

/** The brochure from the courses' summaries (the build keeps them for unchanged pages: src/content/facts.ts). */
export async function brochureOf(site: Site, summaries: readonly CourseSummary[], options: BrochureOptions = {}): Promise<Uint8Array> {
  const chapters = groupCourses(summaries);
  const date = options.date;
  // The cover lists the page each chapter starts on, known only once everything is laid out:
  // the first pass finds the numbers, the second prints them. The cover's height does not depend on them.
  // Only the draft's page numbers are kept: its document is let go before the final one is drawn.
  // The draft only lays out (no text drawn, no page made): half the brochure's time when every page was drawn twice.
  const { startPages } = await render(site, chapters, new Map(), { draft: true });
  const final = await render(site, chapters, startPages, { draft: false });
  setMetadata(final.doc, site, chapters, date);
  return final.doc.save({ updateFieldAppearances: false });
}

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4;
const MARGIN = 56;
const TOP = PAGE_HEIGHT - MARGIN;
/** Lowest point text may reach; below it is the footer. */
const BOTTOM = MARGIN + 24;
const WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BULLET_INDENT = 14;
const PAGE_NUMBER_COLUMN = 36;

// The site's colours (src/styles/base.css).
const BRAND = rgb(0x0b / 255, 0x4f / 255, 0x8a / 255);
const INK = rgb(0x1b / 255, 0x1f / 255, 0x24 / 255);
const MUTED = rgb(0x4a / 255, 0x55 / 255, 0x63 / 255);
const LINE = rgb(0xd5 / 255, 0xdb / 255, 0xe3 / 255);
const WHITE = rgb(1, 1, 1);

const CONTACTS_TITLE = 'Branches and contacts';

interface Style {
  font: PDFFont;
  size: number;
  color: Color;
}

/** One line of laid-out text; `before` is the space above it (dropped at the top of a page). */
interface Line {
  text: string;
  style: Style;
  indent: number;
  before: number;
  /** Drawn in the indent of the line, e.g. a bullet. */
  marker?: string;
  /** Drawn right-aligned on the same line, e.g. a page number in the contents. */
  right?: string;
  /** A rule under the line, for chapter headings. */
  rule?: boolean;
}

const leading = (style: Style): number => style.size * 1.4;
const blockHeight = (lines: readonly Line[]): number => lines.reduce((sum, line) => sum + line.before + leading(line.style), 0);

/** Wraps `text` into lines of the given style; `before` and `marker` apply to the first line only. */
function paragraph(
  text: string,
  style: Style,
  { indent = 0, before = 0, marker, right, reserve = 0 }: { indent?: number; before?: number; marker?: string; right?: string; reserve?: number } = {},
): Line[] {
  const wrapped = wrapText(toWinAnsi(text), WIDTH - indent - reserve, (line) => style.font.widthOfTextAtSize(line, style.size));
  return wrapped.map((line, i) => ({
    text: line,
    style,
    indent,
    before: i === 0 ? before : 0,
    ...(i === 0 && marker !== undefined ? { marker } : {}),
    ...(i === wrapped.length - 1 && right !== undefined ? { right } : {}),
  }));
}

/**
 * A cursor over the document's pages: draws lines top to bottom and starts a new page when one is full.
 * A draft lays out only (where each line goes, on which page): it draws nothing and makes no page.
 */
class Layout {
  private page: PDFPage | undefined;
  private y = TOP;
  private pages = 1;

  constructor(
    readonly doc: Document,
    private readonly draft = false,
  ) {
    this.page = draft ? undefined : doc.addPage(PageSizes.A4);
  }

  get pageNumber(): number {
    return this.pages;
  }

  newPage(): void {
    this.page = this.draft ? undefined : this.doc.addPage(PageSizes.A4);
    this.pages++;
    this.y = TOP;
  }

  /**
   * Draws the lines, moving them to a new page first if they would be split but fit on one page.
   * Returns the number of the page the first line landed on.
   */
  block(lines: readonly Line[]): number {
    const height = blockHeight(lines);
    if (this.y - height < BOTTOM && height <= TOP - BOTTOM) this.newPage();
    let firstPage = this.pageNumber;
    lines.forEach((line, i) => {
      this.line(line);
      if (i === 0) firstPage = this.pageNumber;
    });
    return firstPage;
  }

  /** Draws the lines on a band of colour that spans the page from its top edge. */
  band(lines: readonly Line[], color: Color, padding: number): void {
    const bottom = this.y - blockHeight(lines) - padding;
    this.page?.drawRectangle({ x: 0, y: bottom, width: PAGE_WIDTH, height: PAGE_HEIGHT - bottom, color });
    for (const line of lines) this.line(line);
    this.y = bottom - padding;
  }

  private line(line: Line): void {
    const { font, size, color } = line.style;
    if (this.y - line.before - leading(line.style) < BOTTOM) this.newPage();
    else this.y -= line.before;
    const baseline = this.y - size;
    const x = MARGIN + line.indent;
    const page = this.page;
    this.y -= leading(line.style);
    if (!page) return;
    if (line.marker !== undefined) {
      page.drawText(line.marker, { x: x - BULLET_INDENT + 3, y: baseline, size, font, color });
    }
    page.drawText(line.text, { x, y: baseline, size, font, color });
    if (line.right !== undefined) {
      const width = font.widthOfTextAtSize(line.right, size);
      page.drawText(line.right, { x: MARGIN + WIDTH - width, y: baseline, size, font, color });
    }
    if (line.rule) {
      page.drawLine({ start: { x: MARGIN, y: baseline - 6 }, end: { x: MARGIN + WIDTH, y: baseline - 6 }, thickness: 1, color: BRAND });
    }
  }
}

async function render(site: Site, chapters: readonly CourseChapter[], startPages: ReadonlyMap<string, number>, { draft }: { draft: boolean }) {
  // No dates unless asked for (see BrochureOptions.date): pdf-lib would write the current time.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const styles = {
    coverShortName: { font: bold, size: 44, color: WHITE },
    coverName: { font: bold, size: 18, color: WHITE },
    coverLine: { font: regular, size: 12, color: WHITE },
    lead: { font: regular, size: 13, color: INK },
    url: { font: regular, size: 10, color: BRAND },
    chapter: { font: bold, size: 18, color: BRAND },
    heading: { font: bold, size: 13.5, color: INK },
    strong: { font: bold, size: 10.5, color: INK },
    body: { font: regular, size: 10.5, color: INK },
    muted: { font: regular, size: 10.5, color: MUTED },
    footer: { font: regular, size: 8.5, color: MUTED },
  } satisfies Record<string, Style>;
  const pageUrl = (route: string) => site.url.replace(/\/+$/, '') + route;

  const layout = new Layout(doc, draft);
  layout.band(
    [
      ...paragraph(site.shortName, styles.coverShortName),
      ...paragraph(site.name, styles.coverName, { before: 10 }),
      ...paragraph('Courses, branches and contacts', styles.coverLine, { before: 8 }),
    ],
    BRAND,
    40,
  );
  layout.block([...paragraph(site.footer.about, styles.lead), ...paragraph(pageUrl('/'), styles.url, { before: 8 })]);
  const contents = [...chapters.map((chapter) => chapter.title), CONTACTS_TITLE];
  layout.block([
    ...paragraph('In this brochure', styles.heading, { before: 28 }),
    ...contents.flatMap((title) =>
      paragraph(title, styles.body, { before: 6, right: startPages.get(title)?.toString(), reserve: PAGE_NUMBER_COLUMN }),
    ),
  ]);

  const starts = new Map<string, number>();
  // A chapter heading is kept on the same page as the chapter's first block.
  const startChapter = (title: string, firstBlock: readonly Line[]) => {
    const heading = paragraph(title, styles.chapter, { before: 28 }).map((line) => ({ ...line, rule: true }));
    starts.set(title, layout.block([...heading, ...firstBlock]));
  };

  layout.newPage();
  for (const chapter of chapters) {
    const [first, ...rest] = chapter.courses.map((course) => courseLines(course, styles, pageUrl(course.route)));
    startChapter(chapter.title, first ?? []);
    for (const lines of rest) layout.block(lines);
  }

  const [firstBranch, ...otherBranches] = site.branches.map((branch) => branchLines(branch, styles));
  startChapter(CONTACTS_TITLE, firstBranch ?? []);
  for (const lines of otherBranches) layout.block(lines);
  layout.block([
    ...paragraph('Enquiries and enrolment', styles.heading, { before: 20 }),
    ...paragraph(`Online form: ${site.form.url}`, styles.body, { before: 4 }),
    ...paragraph(`Call: ${site.contact.phone}`, styles.body),
    ...paragraph(`Website: ${pageUrl('/')}`, styles.body),
  ]);

  if (!draft) drawFooters(doc, toWinAnsi(`${site.shortName} Brochure`), styles.footer);
  return { doc, startPages: starts };
}

function courseLines(course: CourseSummary, styles: Record<'heading' | 'strong' | 'body' | 'muted' | 'url', Style>, url: string): Line[] {
  const sameAsName = course.title.trim().toLowerCase() === course.name.trim().toLowerCase();
  return [
    ...paragraph(course.name, styles.heading, { before: 18 }),
    ...(sameAsName ? [] : paragraph(course.title, styles.muted, { before: 2 })),
    ...(course.duration !== undefined ? paragraph(`Duration: ${course.duration}`, styles.strong, { before: 6 }) : []),
    ...course.highlights.flatMap((point, i) =>
      paragraph(point, styles.body, { indent: BULLET_INDENT, marker: '•', before: i === 0 ? 6 : 2 }),
    ),
    ...paragraph(url, styles.url, { before: 6 }),
  ];
}

function branchLines(branch: Branch, styles: Record<'heading' | 'body', Style>): Line[] {
  return [
    ...paragraph(branch.name ? `${branch.city} — ${branch.name}` : branch.city, styles.heading, { before: 18 }),
    ...branch.address.flatMap((line, i) => paragraph(line, styles.body, { before: i === 0 ? 4 : 0 })),
    ...(branch.phones.length > 0 ? paragraph(`Phone: ${branch.phones.join(', ')}`, styles.body, { before: 4 }) : []),
    ...(branch.emails.length > 0 ? paragraph(`E-mail: ${branch.emails.join(', ')}`, styles.body) : []),
  ];
}

/** "CESA Brochure" and "Page n of N" under a rule on every page but the cover. */
function drawFooters(doc: Document, title: string, style: Style): void {
  const pages = doc.getPages();
  pages.forEach((page, i) => {
    if (i === 0) return;
    const y = MARGIN - 8;
    const number = `Page ${i + 1} of ${pages.length}`;
    page.drawLine({ start: { x: MARGIN, y: y + 14 }, end: { x: MARGIN + WIDTH, y: y + 14 }, thickness: 0.5, color: LINE });
    page.drawText(title, { x: MARGIN, y, size: style.size, font: style.font, color: style.color });
    page.drawText(number, { x: MARGIN + WIDTH - style.font.widthOfTextAtSize(number, style.size), y, size: style.size, font: style.font, color: style.color });
  });
}

function setMetadata(doc: Document, site: Site, chapters: readonly CourseChapter[], date: Date | undefined): void {
  doc.setTitle(`${site.shortName} Brochure`, { showInWindowTitleBar: true });
  doc.setAuthor(site.name);
  doc.setSubject(`Courses, branches and contacts of ${site.name}`);
  doc.setKeywords([site.shortName, 'brochure', ...chapters.flatMap((chapter) => chapter.courses.map((course) => course.name))]);
  doc.setCreator(site.url);
  doc.setProducer('pdf-lib');
  doc.setLanguage('en');
  if (date) {
    doc.setCreationDate(date);
    doc.setModificationDate(date);
  }
}
