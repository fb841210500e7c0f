/**
 * A course's facts, stated once: its name, duration, software, mode and certificate live in the
 * page's `meta.course` block, and every other text of the page shows them by naming them in braces:
 * `title: "{name}"`, `{ label: Duration, value: "{duration}" }`, "In this {hours}-hour course…".
 * Changing the duration in `meta.course` (one line) changes it everywhere the page shows it; the
 * brochure, the menu, the social card and the structured data read `meta.course` itself.
 *
 * Why words in braces rather than "a field left out means the course's": the page's file still reads
 * as what the visitor sees (a text editor shows "{duration}" where the duration goes, and a search for
 * it finds every place), any text can show a fact (a sentence of the overview as well as a facts row),
 * and a section that needs other words simply has them. A course card on another page names its
 * course (`course: /etabs`) and takes the name, duration and link it leaves out from that page.
 *
 * Pure: no file system, no React. The page schema resolves the words before it checks the page
 * (src/content/page-schema.ts), so everything after validation sees the text a visitor reads.
 */
import type { Batch } from './batches';
import { DATED_WORDS } from './dated-words';
import { problem, type Problem } from './error-codes';
import { nearest, type ContentError, type PathSegment } from './errors';
import type { Locator } from './locate';
import { isRecord } from '../lib/is-record';

/** The facts a text may name, each with what it stands for (in the words of an error or a help text). */
export const COURSE_FACTS = {
  name: "the course's name",
  duration: "the course's duration",
  hours: "the course's number of hours (from its duration, e.g. 45 for 45 hours)",
  software: 'the software and version the course teaches',
  mode: 'how the course is taught',
  certificate: 'the certificate the course leads to',
} as const;

export type CourseFact = keyof typeof COURSE_FACTS;

export const COURSE_FACT_NAMES = Object.keys(COURSE_FACTS) as CourseFact[];

/** `{name}`, `{duration}`…: a lowercase word in braces. */
const PLACEHOLDER = /\{([a-z]+)\}/g;

/**
 * The most characters a page's texts may hold once the course's facts are shown in them: about a
 * hundred times the site's largest page (pages/index.yaml, 10.8 KB; a course page names its facts in
 * some 16 places and grows by a few hundred characters), and the most a page's file may hold
 * (MAX_SOURCE_BYTES), so any file within that limit that names no fact fits. Counted as the facts are
 * placed, text by text: a page that would pass it stops growing there (one error, located), so no page
 * costs more memory than this, whatever its facts and however often it names them.
 */
export const MAX_EXPANDED_CHARACTERS = 1024 * 1024;

/**
 * The most texts of one page reported for naming a fact it does not state (a text naming the same
 * word again and again is reported once): enough to mend a page by, never a list as long as the page.
 */
export const MAX_FACT_PROBLEMS = 50;

/** What a page's course states, as text; a fact it does not state is absent. */
export type StatedFacts = Partial<Record<CourseFact, string>>;

/** A number of hours at the start of a duration: "45", "45 hours", "50 hours / 8 days". */
const HOURS = /^(\d+(?:\.\d+)?)\s*hours?\b/i;

/**
 * The facts `meta.course` states, read from the document as written (before validation: a value of
 * the wrong kind states nothing, and the schema reports it). A duration of 45 reads "45 hours".
 */
export function statedFacts(document: unknown): StatedFacts {
  const course = isRecord(document) && isRecord(document.meta) ? document.meta.course : undefined;
  if (!isRecord(course)) return {};
  const facts: StatedFacts = {};
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : undefined);
  for (const fact of ['name', 'software', 'mode', 'certificate'] as const) {
    const value = text(course[fact]);
    if (value !== undefined) facts[fact] = value;
  }
  const duration = course.duration;
  if (typeof duration === 'number' && duration > 0) {
    facts.duration = `${duration} hours`;
    facts.hours = String(duration);
  } else if (typeof duration === 'string' && duration.trim() !== '') {
    facts.duration = duration;
    // A rate ("5 hours per module") is not the course's hours.
    const hours = /\bper\b/i.test(duration) ? null : HOURS.exec(duration);
    if (hours) facts.hours = hours[1]!;
  }
  return facts;
}

/** A text naming a fact the page does not state: where, and what it is. */
export interface FactProblem {
  path: PathSegment[];
  problem: Problem;
}

/**
 * The document with every fact named in braces replaced by the course's, and the texts that name a
 * fact the page does not state (left as written). `meta.course` itself is not changed: it is where
 * the facts are stated.
 */
export function resolveFacts(document: unknown): { value: unknown; problems: FactProblem[] } {
  const facts = statedFacts(document);
  const hasCourse = isRecord(document) && isRecord(document.meta) && document.meta.course !== undefined;
  const expansion = new Expansion(facts, hasCourse);
  // One path for the whole walk, a segment pushed on the way down and popped on the way back (a problem
  // takes a copy); a list or mapping is copied only when something in it changed: most of a page names no fact.
  const path: PathSegment[] = [];
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') return expansion.text(value, path);
    if (Array.isArray(value)) {
      const items: readonly unknown[] = value;
      let next: unknown[] | undefined;
      for (let index = 0; index < items.length; index++) {
        path.push(index);
        const item = visit(items[index]);
        path.pop();
        if (item !== items[index]) (next ??= [...items])[index] = item;
      }
      return next ?? value;
    }
    if (isRecord(value)) {
      if (path.length === 2 && path[0] === 'meta' && path[1] === 'course') return value;
      let next: Record<string, unknown> | undefined;
      for (const key of Object.keys(value)) {
        path.push(key);
        const item = visit(value[key]);
        path.pop();
        // Defined, not assigned: a key `__proto__` stays a key.
        if (item !== value[key]) Object.defineProperty((next ??= { ...value }), key, { value: item, enumerable: true, writable: true, configurable: true });
      }
      return next ?? value;
    }
    return value;
  };
  const value = visit(document);
  return { value, problems: expansion.problems };
}

/** The facts a course page states, for the sections of one section alone (the editor's preview). */
export function resolveSectionFacts(section: unknown, facts: StatedFacts): unknown {
  const expansion = new Expansion(facts, true);
  const visit = (value: unknown): unknown => {
    if (typeof value === 'string') return expansion.text(value, []);
    if (Array.isArray(value)) return value.map(visit);
    if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, visit(item)]));
    return value;
  };
  return visit(section);
}

/**
 * The facts shown in the texts of one page, counted as they are produced: every text adds what it
 * holds once its facts are shown, and the fact that would take the page past MAX_EXPANDED_CHARACTERS
 * is not shown (nor any after it): one error where that text is, and the rest stays as written, so
 * what this makes is never larger than the page as written plus the bound.
 */
class Expansion {
  readonly problems: FactProblem[] = [];
  private characters = 0;
  private full = false;
  private reported = 0;

  constructor(
    private readonly facts: StatedFacts,
    private readonly hasCourse: boolean,
  ) {}

  text(text: string, at: readonly PathSegment[]): string {
    if (this.full || !text.includes('{')) {
      this.characters += text.length;
      return text;
    }
    const path = [...at];
    // One error per word in a text: a text naming {x} a thousand times is one mistake.
    const seen = new Set<string>();
    const report = (written: string, found: () => Problem) => {
      if (seen.has(written) || this.reported >= MAX_FACT_PROBLEMS) return;
      seen.add(written);
      this.reported++;
      this.problems.push({ path, problem: found() });
    };
    let last = 0;
    const shown = text.replace(PLACEHOLDER, (written, word: string, offset: number) => {
      this.characters += offset - last + written.length;
      last = offset + written.length;
      if (this.full) return written;
      // `{year}` and `{years}` are figures of the date, computed when the page is rendered (dated-words.ts).
      if (DATED_WORDS.has(word)) return written;
      const value = this.valueOf(written, word, report);
      if (value === undefined) return written;
      if (this.characters - written.length + value.length > MAX_EXPANDED_CHARACTERS) {
        this.full = true;
        this.problems.push({ path, problem: problem('facts-too-long', { maxCharacters: MAX_EXPANDED_CHARACTERS }) });
        return written;
      }
      this.characters += value.length - written.length;
      return value;
    });
    this.characters += text.length - last;
    return shown;
  }

  /** What `{word}` shows, or undefined (reported) when it is no fact or the page does not state it. */
  private valueOf(written: string, word: string, report: (written: string, found: () => Problem) => void): string | undefined {
    if (!(word in COURSE_FACTS)) {
      report(written, () => problem('course-fact', { case: 'unknown', written, facts: COURSE_FACT_NAMES, suggestion: nearest(word, COURSE_FACT_NAMES) }));
      return undefined;
    }
    const fact = word as CourseFact;
    const value = this.facts[fact];
    if (value !== undefined) return value;
    const { duration } = this.facts;
    if (!this.hasCourse) report(written, () => problem('course-fact', { case: 'no-course', written }));
    else if (fact === 'hours' && duration !== undefined) report(written, () => problem('course-fact', { case: 'no-hours', duration }));
    else report(written, () => problem('course-fact', { case: 'not-stated', written, fact, about: COURSE_FACTS[fact] }));
    return undefined;
  }
}

/**
 * What another page takes from a course page: its name and duration for a course card, and its batches
 * (every one, past ones too: which are upcoming depends on the date a page is made for) for the card's
 * "Next batch" and the Upcoming batches page. A page that shows them depends on these batches' dates
 * (`CourseIndex[route].batches[].start` and `.end`, fields of kind `date`).
 */
export interface CourseCardFacts {
  name: string;
  duration?: string | undefined;
  batches: Batch[];
}

/** The course pages by route: what course cards and batch lists on other pages show of them. */
export type CourseIndex = Record<string, CourseCardFacts>;

/** The course pages of the site by route, from what the build keeps of each page (its facts: summary and course block). */
export function courseIndexOf(pages: readonly { summary: { route: string; name: string; duration: string | undefined } | null; course?: { batches?: Batch[] | undefined } | null | undefined }[]): CourseIndex {
  const index: CourseIndex = {};
  for (const { summary, course } of pages) {
    if (!summary) continue;
    const batches = course?.batches ?? [];
    index[summary.route] = summary.duration === undefined ? { name: summary.name, batches } : { name: summary.name, duration: summary.duration, batches };
  }
  return index;
}

/**
 * The cards of a page that take their facts from a course page (`course: /etabs`), where each is
 * written: a card naming a page that is not a course is an error there (checked across the files).
 */
export function courseCardsOf(page: { sections: readonly { type: string; cards?: unknown }[] }): { course: string; path: PathSegment[] }[] {
  return page.sections.flatMap((section, index) =>
    section.type === 'course-cards' && Array.isArray(section.cards)
      ? section.cards.flatMap((card: unknown, position) => (isRecord(card) && typeof card.course === 'string' ? [{ course: card.course, path: ['sections', index, 'cards', position, 'course'] }] : []))
      : [],
  );
}

/**
 * Across the files: each card that names a course page names one that states a course. `courses`:
 * the routes of the course pages; `pages`: of every valid page (a route of no page is a broken link,
 * and a page with errors is judged once they are mended: both are reported on their own).
 */
export function checkCourseCards(cards: readonly { course: string; path: PathSegment[] }[], locate: Locator, courses: ReadonlySet<string>, pages: ReadonlySet<string>): ContentError[] {
  return cards.filter((card) => pages.has(card.course) && !courses.has(card.course)).map((card) => locate(card.path, problem('course-card', { route: card.course })));
}
