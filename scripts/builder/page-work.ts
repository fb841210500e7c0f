/**
 * The build's work on page files, the same on every thread (scripts/builder/parallel.ts spreads it):
 * - read, validate and take the facts of a share of the page files, keeping the validated pages on
 *   this thread (only their facts go back: a page never crosses threads);
 * - render the pages this thread holds into the output.
 * A thread keeps its first validated pages as they are, up to about KEEP_OBJECT_BYTES (nothing to do to
 * render them), the next ones serialized (node:v8: a third of their size as objects, read back in a
 * tenth of the time validating takes), up to KEEP_BYTES; beyond that it validates a page again when it
 * renders it, so memory stays bounded however large the site.
 */
import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { RenderData, SharedMedia } from '../../src/app/data';
import type { CourseIndex } from '../../src/content/course-facts';
import type { ContentError } from '../../src/content/errors';
import { factsOf, type PageFacts } from '../../src/content/facts';
import type { ImageSize } from '../../src/content/fields';
import { validatePages } from '../../src/content/load';
import { fastPathTimes } from '../../src/content/validate';
import type { Page } from '../../src/content/page-schema';
import type { MenuItem, Site } from '../../src/content/site-schema';
import { OutputWriter, type OutputRecord, type WriterOptions } from './build-cache';
import { renderHtml, type Template } from './prerender';
import { importServer, type ServerEntry } from './renderer';
import { Phases } from './profile';
import { cardSpecOf, type CardSpec } from './social';
import { BUILD } from '../errors/build';

/** What a thread keeps of its validated pages between validating and rendering them: 15–20 KB a page. */
export const KEEP_BYTES = 96 * 1024 * 1024;

/**
 * What a thread keeps of its validated pages as objects, estimated at four times their YAML (the
 * objects, and the text their strings are slices of): 32 MB, some 450 pages of 18 KB. Serializing a
 * page and reading it back cost 0.3–0.5 ms, a tenth of the page's time.
 */
export const KEEP_OBJECT_BYTES = 32 * 1024 * 1024;
const OBJECT_BYTES_PER_SOURCE_BYTE = 4;

/** A file's identity on disk: unchanged identity, unchanged file. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  ino: number;
}

export const stampOf = (file: string): FileStamp => {
  const { size, mtimeMs, ctimeMs, ino } = statSync(file);
  return { size, mtimeMs, ctimeMs, ino };
};

export const sameStamp = (a: FileStamp, b: FileStamp) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs && a.ino === b.ino;

/** One page file after validation, as the thread that validated it reports it. */
export type LoadedPage = { relative: string; file: string; route: string; stamp: FileStamp } & (
  | { ok: true; facts: PageFacts; card: CardSpec | null; sourceHash: string }
  | { ok: false; errors: ContentError[] }
);

export interface ValidateTask {
  root: string;
  pagesDir: string;
  relatives: string[];
  /** The valid site document (the cards name it), or null when it has errors (and the build stops: no card). */
  site: Site | null;
}

/** What every page of a render shares. */
export interface RenderContext {
  root: string;
  pagesDir: string;
  serverDir: string;
  template: Template;
  site: Site;
  menu: MenuItem[];
  /** The course pages, for the course cards of other pages (src/content/course-facts.ts). */
  courses: CourseIndex;
  writer: WriterOptions;
}

/** One HTML file to make: the page (by its file), where it goes, and its key. */
export interface RenderJob {
  /** The page file; null for the 404 page. */
  relative: string | null;
  route: string;
  output: string;
  key: string;
  images: Record<string, ImageSize>;
  shared: SharedMedia | undefined;
}

/**
 * Validating and rendering leave garbage behind faster than V8 collects it when memory is plentiful. A
 * full collection every few hundred pages keeps the heap to what is live (about 20 ms each).
 */
const COLLECT_EVERY = 400;
export const collectGarbage: () => void = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

const hashText = (text: string) => createHash('sha1').update(text).digest('hex');

/** The validated pages and the server bundle of one thread. */
export class PageWork {
  private readonly kept = new Map<string, Buffer | { page: Page; bytes: number }>();
  private keptBytes = 0;
  private keptObjectBytes = 0;
  private server: { dir: string; entry: ServerEntry } | undefined;
  /** Where this thread's time went, by phase (scripts/builder/profile.ts); taken by whoever reports it. */
  readonly phases = new Phases();

  validate(task: ValidateTask): LoadedPage[] {
    const phases = this.phases;
    const pages = task.relatives.map((relative, index): LoadedPage => {
      if (index % COLLECT_EVERY === COLLECT_EVERY - 1) phases.time('gc', collectGarbage);
      let clock = performance.now();
      const lap = (phase: string) => {
        const now = performance.now();
        phases.add(phase, now - clock);
        clock = now;
      };
      const stamp = stampOf(path.join(task.pagesDir, relative));
      let sourceHash = '';
      let sourceLength = 0;
      let hashing = 0;
      const before = { ...fastPathTimes };
      const [validated] = validatePages(task.root, task.pagesDir, [relative], undefined, (source) => {
        const started = performance.now();
        sourceHash = hashText(source);
        sourceLength = source.length;
        hashing = performance.now() - started;
      });
      const validating = { text: fastPathTimes.text - before.text, parse: fastPathTimes.parse - before.parse, schema: fastPathTimes.schema - before.schema };
      const now = performance.now();
      // What validatePages spent beside the fast path's steps: reading and decoding the file (and any slow path).
      phases.add('read', now - clock - hashing - validating.text - validating.parse - validating.schema);
      phases.add('hash', hashing);
      phases.add('text', validating.text);
      phases.add('parse', validating.parse);
      phases.add('schema', validating.schema);
      clock = now;
      const { file, route } = validated!;
      if (!validated!.ok) return { relative, file, route, stamp, ok: false, errors: validated!.errors };
      const page = validated!.page;
      const objectBytes = sourceLength * OBJECT_BYTES_PER_SOURCE_BYTE;
      if (this.keptObjectBytes + objectBytes <= KEEP_OBJECT_BYTES) {
        this.kept.set(relative, { page, bytes: objectBytes });
        this.keptObjectBytes += objectBytes;
      } else if (this.keptBytes < KEEP_BYTES) {
        const kept = serialize(page);
        this.kept.set(relative, kept);
        this.keptBytes += kept.byteLength;
      }
      lap('keep');
      // A copy: the facts' strings are slices of the file's text, and would keep all of it alive (18 KB a page).
      const facts = structuredClone(factsOf(route, file, page));
      const card = task.site ? structuredClone(cardSpecOf(task.site, page)) : null;
      lap('facts');
      return { relative, file, route, stamp, ok: true, facts, card, sourceHash };
    });
    return pages;
  }

  /** Renders the jobs of pages this thread validated; returns the records of what it wrote. */
  async render(context: RenderContext, jobs: readonly RenderJob[]): Promise<Record<string, OutputRecord>> {
    if (this.server?.dir !== context.serverDir) {
      const started = performance.now();
      this.server = { dir: context.serverDir, entry: await importServer(context.serverDir) };
      this.phases.add('load renderer', performance.now() - started);
    }
    const out = new OutputWriter(context.writer);
    const phases = this.phases;
    for (const [index, job] of jobs.entries()) {
      if (index % COLLECT_EVERY === COLLECT_EVERY - 1) phases.time('gc', collectGarbage);
      const data = this.dataOf(context, job);
      const html = renderHtml(this.server.entry, context.template, data, phases);
      phases.time('write', () => out.write(job.output, job.key, html));
    }
    return out.written;
  }

  /** What a job's page is rendered from: its page as kept (then let go), or validated again. */
  private dataOf(context: RenderContext, job: RenderJob): RenderData {
    const started = performance.now();
    const kept = job.relative === null ? undefined : this.kept.get(job.relative);
    // Rendered once: what was kept of it is let go.
    if (kept && job.relative !== null) {
      this.kept.delete(job.relative);
      if (kept instanceof Uint8Array) this.keptBytes -= kept.byteLength;
      else this.keptObjectBytes -= kept.bytes;
    }
    const page = job.relative === null ? null : kept ? (kept instanceof Uint8Array ? (deserialize(kept) as Page) : kept.page) : validateAgain(context, job.relative);
    this.phases.add('restore', performance.now() - started);
    return { route: job.route, site: context.site, menu: context.menu, courses: context.courses, page, images: job.images, ...(job.shared ? { shared: job.shared } : {}) };
  }
}

/** A page not kept (or not validated by this build: only its images or card changed), validated now. */
function validateAgain({ root, pagesDir }: RenderContext, relative: string): Page {
  const [validated] = validatePages(root, pagesDir, [relative]);
  if (!validated?.ok) throw new Error(BUILD.text('BUILD_PAGE_CHANGED_DURING', { file: relative }));
  return validated.page;
}
