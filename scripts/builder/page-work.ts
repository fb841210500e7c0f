/**
 * The build's work on page files, the same on every thread (scripts/builder/parallel.ts spreads it):
 * - read, validate and take the facts of a share of the page files, keeping the validated pages on
 *   this thread (only their facts go back: a page object never crosses threads);
 * - render pages into the output: those it keeps as objects, and any page written to a file.
 * A thread keeps its first validated pages as they are, up to about KEEP_OBJECT_BYTES (nothing to do to
 * render them), and writes the next ones serialized (node:v8: a third of their size as objects, read
 * back in a tenth of the time validating takes) to a file of its own, up to SPILL_BYTES; beyond that (or
 * without a folder for that file) a page is validated again when it is rendered. So memory stays
 * bounded however large the site, and no page is validated twice. A page in a file is rendered by
 * whichever thread is free (parallel.ts): any thread can read it back.
 */
import { hash } from 'node:crypto';
import { closeSync, openSync, readSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';
import { deserialize, getHeapStatistics, serialize, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { threadId } from 'node:worker_threads';
import type { RenderData, SharedMedia } from '../../src/app/data';
import type { IsoDate } from '../../src/content/calendar';
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

/**
 * What a thread writes of its validated pages (15–20 KB a page, serialized) to a file of its own in the
 * build's temporary folder (`spillDir`), beyond what it keeps as objects: reading a page back costs a
 * tenth of validating it again, and the disk holds what memory cannot (50,000 pages: about 0.8 GB, less
 * than their output; kept in memory as before, 96 MB a thread, they held a fifth of the build's peak).
 */
export const SPILL_BYTES = 4 * 1024 * 1024 * 1024;

/**
 * What a thread keeps of its validated pages as objects, estimated at four times their YAML (the
 * objects, and the text their strings are slices of; the heap holds about two and a half times that):
 * 64 MB, some 900 pages of 18 KB. Serializing a page and reading it back cost 0.2–0.3 ms, a tenth of a
 * page's time. 2026-11-28, alternating with CESA_BUILD_KEEP_MB: at 5,000 pages keep and restore 0.23–0.31
 * ms a page with 32 MB, 0.21–0.22 with 64, 0.11–0.12 with 96; at 50,000 pages a peak of 483, 528 and
 * 848 MB (the goals: 512 MB at 5,000 pages, 1 GB at 50,000).
 */
export const KEEP_OBJECT_BYTES = 64 * 1024 * 1024;
/** The budget in MB for measuring and testing the other paths (CESA_BUILD_KEEP_MB=0: every page goes to the file). */
const keepObjectBytes = process.env.CESA_BUILD_KEEP_MB === undefined ? KEEP_OBJECT_BYTES : Number(process.env.CESA_BUILD_KEEP_MB) * 1024 * 1024;
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

/** Where a thread wrote a validated page it does not keep as an object: any thread can read it back. */
export interface SpillPlace {
  file: string;
  offset: number;
  length: number;
}

/**
 * One page file after validation, as the thread that validated it reports it. `held`: the page kept as
 * an object (only that thread can render it as it is), written to a file, or neither (validated again).
 */
export type LoadedPage = { relative: string; file: string; route: string; stamp: FileStamp } & (
  | { ok: true; facts: PageFacts; card: CardSpec | null; sourceHash: string; held: 'object' | SpillPlace | 'nothing' }
  | { ok: false; errors: ContentError[] }
);

export interface ValidateTask {
  root: string;
  pagesDir: string;
  relatives: string[];
  /** The valid site document (the cards name it), or null when it has errors (and the build stops: no card). */
  site: Site | null;
  /** Where a thread may write the pages it cannot keep in memory (SPILL_BYTES); none: validated again instead. */
  spillDir?: string | undefined;
}

/** What every page of a render shares. */
export interface RenderContext {
  root: string;
  pagesDir: string;
  serverDir: string;
  template: Template;
  site: Site;
  /** The date the pages are made for (BuildOptions.today). */
  today: IsoDate;
  menu: MenuItem[];
  /** The course pages, for the course cards of other pages (src/content/course-facts.ts). */
  courses: CourseIndex;
  writer: WriterOptions;
}

/** One HTML file to make: the page (by its file), where it goes, and its key. */
export interface RenderJob {
  /** The page file; null for the 404 page. */
  relative: string | null;
  /** Where the validated page was written, if it was (held: any thread renders it from there). */
  spilled?: SpillPlace | undefined;
  /** The validated page itself, copied with the request: one the main thread kept, handed to a worker (release). */
  page?: Page | undefined;
  route: string;
  output: string;
  key: string;
  images: Record<string, ImageSize>;
  shared: SharedMedia | undefined;
}

/**
 * Validating and rendering leave garbage behind faster than V8 collects it when memory is plentiful. A
 * full collection once the heap has grown by COLLECT_GROWTH since the last one keeps it to what is live
 * plus that (checked every CHECK_EVERY pages: a look at the heap's size costs microseconds). Most of a
 * page's garbage dies young, so this comes seldom: a collection every 400 pages, as before, cost 0.45 ms
 * a page at 50,000 pages (each one as long as the heap is large), 64 MB 0.08–0.11 ms. 2026-11-28, 50,000
 * pages: 64 MB 5.0–5.6 s of collections (both threads) and a peak of 525–590 MB, 160 MB 2.0 s and 899 MB;
 * 96 MB between them, the peak well within the 1 GB goal.
 */
const COLLECT_GROWTH = 96 * 1024 * 1024;
const GC_ATTEMPTS = 100;
const CHECK_EVERY = 25;
/**
 * V8's `gc`, without leaving `--expose-gc` set: V8's flags are the process's, and Node's built-in modules
 * come with compiled code that V8 takes only under the flags it was made with. With the flag left on,
 * every built-in module loaded after it, in every thread, was compiled from its source: a worker
 * thread's start took 2-3 times as long (0.1-0.2 s more at each build's start).
 */
export const collectGarbage: () => void = (() => {
  // Every thread of a build does this as it starts: another one may reset the flag between this one's
  // setting it and taking `gc`, so it tries again; without `gc` a build only holds more memory.
  for (let attempt = 0; attempt < GC_ATTEMPTS; attempt++) {
    setFlagsFromString('--expose-gc');
    try {
      const gc = runInNewContext('typeof gc === "function" ? gc : undefined') as (() => void) | undefined;
      if (gc) return gc;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  return () => undefined;
})();

/**
 * From this many pages to validate, a build turns off V8's allocation-site pretenuring while it runs
 * (CESA_BUILD_PRETENURE_OFF_FROM overrides it, for measuring). V8 watches where objects are made and,
 * where most of them outlive a young-generation collection, makes the next ones in the old generation.
 * A build's first pages outlive it (a thread keeps them as objects, KEEP_OBJECT_BYTES), so the page
 * reader's and the schema's objects were soon made old, though every later page's die young: each young
 * collection then kept what these old, dead objects point to (their text above all) until the next full
 * one. 2026-11-28, `node --trace-gc`, 50,000 pages: collections 19.5 → 12.4 s of both threads' CPU
 * (the main thread's full ones 3.3 → 0.6 s), the build 73.0 → 66.8 s, its peak 607 → 472 MB. The flag
 * is the process's, and Node's built-in modules come compiled only for the flags they were made with:
 * a worker started under it takes 40–90 ms longer, which a small build would not win back.
 */
const PRETENURE_OFF_FROM = process.env.CESA_BUILD_PRETENURE_OFF_FROM === undefined ? 2000 : Number(process.env.CESA_BUILD_PRETENURE_OFF_FROM);
/** Builds of this process under way with pretenuring off: the last to end turns it on again. */
let pretenuringOff = 0;

/** Turns V8's allocation-site pretenuring off for a build of `pages` pages, if it is large; returns what turns it on again. */
export function pretenuringOffFor(pages: number): () => void {
  if (pages < PRETENURE_OFF_FROM) return () => undefined;
  if (pretenuringOff++ === 0) setFlagsFromString('--no-allocation-site-pretenuring');
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--pretenuringOff === 0) setFlagsFromString('--allocation-site-pretenuring');
  };
}

/** The heap's size after this thread's last full collection (or when it first looked). */
let heapAfterCollection: number | undefined;

/** A full collection if the heap has grown by COLLECT_GROWTH since the last (the `index`-th page of a loop). */
function collectIfGrown(index: number, phases: Phases): void {
  if (index % CHECK_EVERY !== CHECK_EVERY - 1) return;
  const used = getHeapStatistics().used_heap_size;
  heapAfterCollection ??= used;
  if (used - heapAfterCollection < COLLECT_GROWTH) return;
  phases.time('gc', collectGarbage);
  heapAfterCollection = getHeapStatistics().used_heap_size;
}

const hashText = (text: string) => hash('sha1', text);

/** The validated pages and the server bundle of one thread. */
export class PageWork {
  private readonly kept = new Map<string, { page: Page; bytes: number } | Spilled>();
  private spill: Spill | undefined;
  private keptObjectBytes = 0;
  private server: { dir: string; entry: ServerEntry } | undefined;
  private validatedCount = 0;
  /** The render this thread is in (its runs come one after another: parallel.ts), and its writer's options. */
  private rendering: { context: RenderContext; writer: WriterOptions } | undefined;
  /** Other threads' spill files, open for reading during a run. */
  private readonly readers = new Map<string, number>();
  /** Where this thread's time went, by phase (scripts/builder/profile.ts); taken by whoever reports it. */
  readonly phases = new Phases();

  validate(task: ValidateTask): LoadedPage[] {
    try {
      return this.validateAll(task);
    } finally {
      this.spill?.close();
    }
  }

  private validateAll(task: ValidateTask): LoadedPage[] {
    const phases = this.phases;
    const pages = task.relatives.map((relative): LoadedPage => {
      // Counted across the runs this thread is handed (parallel.ts): a run may be shorter than CHECK_EVERY.
      collectIfGrown(this.validatedCount++, phases);
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
      let held: 'object' | SpillPlace | 'nothing' = 'nothing';
      if (this.keptObjectBytes + objectBytes <= keepObjectBytes) {
        this.kept.set(relative, { page, bytes: objectBytes });
        this.keptObjectBytes += objectBytes;
        held = 'object';
      } else if (task.spillDir) {
        this.spill ??= new Spill(path.join(task.spillDir, `${threadId}.pages`));
        const spilled = this.spill.put(serialize(page));
        if (spilled) this.kept.set(relative, spilled);
        if (spilled) held = { file: this.spill.file, ...spilled };
      }
      lap('keep');
      // A copy: the facts' strings are slices of the file's text, and would keep all of it alive (18 KB a page).
      const facts = structuredClone(factsOf(route, file, page));
      const card = task.site ? structuredClone(cardSpecOf(task.site, page)) : null;
      lap('facts');
      return { relative, file, route, stamp, ok: true, facts, card, sourceHash, held };
    });
    return pages;
  }

  /**
   * Renders the jobs (pages this thread keeps, pages written to a file by any thread, pages to validate
   * again); returns the records of what it wrote. A render comes in runs: `context` with the first,
   * none with the next ones of the same render (a worker is not sent it again).
   */
  async render(given: RenderContext | undefined, jobs: readonly RenderJob[]): Promise<Record<string, OutputRecord>> {
    if (given && given !== this.rendering?.context) this.rendering = { context: given, writer: given.writer };
    if (!this.rendering) throw new Error('a render run came before its context');
    const { context, writer } = this.rendering;
    const out = new OutputWriter(writer);
    // The folders made for the output are remembered by the first run's writer: the next ones need not be told again.
    this.rendering.writer = { ...writer, folders: undefined };
    const server = await this.prepare(context.serverDir);
    const phases = this.phases;
    try {
      for (const [index, job] of jobs.entries()) {
        collectIfGrown(index, phases);
        // Now and then the thread's other work runs: on the main thread, sharp's next photo or card
        // starts when one ends, which it cannot while pages are rendered without a pause.
        if (index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
        const data = this.dataOf(context, job);
        const html = renderHtml(server, context.template, data, phases);
        phases.time('write', () => out.write(job.output, job.key, html));
      }
    } finally {
      this.spill?.close();
      for (const fd of this.readers.values()) closeSync(fd);
      this.readers.clear();
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
      if ('page' in kept) this.keptObjectBytes -= kept.bytes;
    }
    const restored = kept && !('page' in kept) ? this.spill?.get(kept) : !kept && !job.page && job.spilled ? this.readSpilled(job.spilled) : undefined;
    const page = job.relative === null ? null : (job.page ?? (restored ? (deserialize(restored) as Page) : kept && 'page' in kept ? kept.page : validateAgain(context, job.relative)));
    this.phases.add('restore', performance.now() - started);
    return { route: job.route, today: context.today, site: context.site, menu: context.menu, courses: context.courses, page, images: job.images, ...(job.shared ? { shared: job.shared } : {}) };
  }

  /** Loads the server bundle of `serverDir` (the renderer), unless it is loaded; a worker is asked this while it would wait. */
  async prepare(serverDir: string): Promise<ServerEntry> {
    if (this.server?.dir !== serverDir) {
      const started = performance.now();
      this.server = { dir: serverDir, entry: await importServer(serverDir) };
      this.phases.add('load renderer', performance.now() - started);
    }
    return this.server.entry;
  }

  /** A page this thread keeps as an object, let go to be rendered by another thread (undefined: not kept so). */
  release(relative: string): Page | undefined {
    const kept = this.kept.get(relative);
    if (!kept || !('page' in kept)) return undefined;
    this.kept.delete(relative);
    this.keptObjectBytes -= kept.bytes;
    return kept.page;
  }

  /** A page another thread wrote to its file, or undefined if it cannot be read (then it is validated again). */
  private readSpilled({ file, offset, length }: SpillPlace): Buffer | undefined {
    const bytes = Buffer.allocUnsafe(length);
    try {
      let fd = this.readers.get(file);
      if (fd === undefined) this.readers.set(file, (fd = openSync(file, 'r')));
      return readSync(fd, bytes, 0, length, offset) === length ? bytes : undefined;
    } catch {
      return undefined;
    }
  }
}

/** Pages rendered between two pauses for the thread's other work (a few milliseconds). */
const YIELD_EVERY = 4;

/** Where a page written to the spill file is. */
interface Spilled {
  offset: number;
  length: number;
}

/**
 * The pages a thread could not keep in memory, one after the other in a file of its own (SPILL_BYTES).
 * A page that cannot be written (the disk full) is not kept: it is validated again when rendered. The
 * file goes with its folder, which the build removes (output-folder.ts: a killed build's, the next).
 */
class Spill {
  private writer: number | undefined;
  private reader: number | undefined;
  private size = 0;
  private failed = false;

  constructor(readonly file: string) {}

  put(bytes: Uint8Array): Spilled | undefined {
    if (this.failed || this.size + bytes.byteLength > SPILL_BYTES) return undefined;
    let written = 0;
    try {
      this.writer ??= openSync(this.file, this.size === 0 ? 'w' : 'r+');
      written = writeSync(this.writer, bytes, 0, bytes.byteLength, this.size);
    } catch {
      // The disk full, the folder gone: as a short write.
    }
    if (written !== bytes.byteLength) {
      this.failed = true;
      return undefined;
    }
    const spilled = { offset: this.size, length: bytes.byteLength };
    this.size += bytes.byteLength;
    return spilled;
  }

  /** The page's bytes, or undefined if they cannot be read (then it is validated again). */
  get({ offset, length }: Spilled): Buffer | undefined {
    const bytes = Buffer.allocUnsafe(length);
    try {
      this.reader ??= openSync(this.file, 'r');
      return readSync(this.reader, bytes, 0, length, offset) === length ? bytes : undefined;
    } catch {
      return undefined;
    }
  }

  /** Closes what is open (a thread's open files outlive it: a worker's are the process's). */
  close(): void {
    for (const fd of [this.writer, this.reader]) if (fd !== undefined) closeSync(fd);
    this.writer = undefined;
    this.reader = undefined;
  }
}

/** A page not kept (or not validated by this build: only its images or card changed), validated now. */
function validateAgain({ root, pagesDir }: RenderContext, relative: string): Page {
  const [validated] = validatePages(root, pagesDir, [relative]);
  if (!validated?.ok) throw new Error(BUILD.text('BUILD_PAGE_CHANGED_DURING', { file: relative }));
  return validated.page;
}
