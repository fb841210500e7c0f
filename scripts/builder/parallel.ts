/**
 * The page work of a build spread over the cores: this thread and a worker thread per other core,
 * each validating runs of the page files as it is free, and later rendering the pages it keeps as
 * objects (they never cross threads: only their facts come back) and runs of the pages written to
 * files (page-work.ts), which any thread reads back. The workers start before the code is bundled, so
 * validation overlaps with bundling. Small amounts of work stay on this thread: starting a worker
 * costs more than a few hundred pages.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { CourseSummary } from '../../src/content/course-chapters';
import type { Site } from '../../src/content/site-schema';
import type { OutputRecord } from './build-cache';
import { PageWork, type LoadedPage, type RenderContext, type RenderJob, type SpillPlace, type ValidateTask } from './page-work';
import { Phases, type PhaseTimes } from './profile';

/** Pages from which a second thread pays for itself. */
const PARALLEL_FROM = 200;

/** Threads for this many pages; CESA_BUILD_THREADS overrides it (for measuring). */
export function workerCount(pages: number): number {
  const forced = Number(process.env.CESA_BUILD_THREADS);
  if (Number.isInteger(forced) && forced > 0) return forced;
  return pages < PARALLEL_FROM ? 1 : Math.max(1, Math.min(availableParallelism(), 8));
}

/**
 * The worker thread's code: compiled by commands/engine.mjs when the build runs from it (named by
 * CESA_BUILD_WORKER), else the TypeScript source through tsx (tests, tools importing the build).
 */
function workerEntry(): URL {
  const compiled = process.env.CESA_BUILD_WORKER;
  return compiled ? pathToFileURL(compiled) : new URL('./build-worker.mjs', import.meta.url);
}

/** The brochure's thread's code: compiled beside the build worker (commands/engine.mjs), else through tsx. */
function brochureEntry(): URL {
  const compiled = process.env.CESA_BUILD_WORKER;
  return compiled ? pathToFileURL(path.join(path.dirname(compiled), 'brochure-worker.mjs')) : new URL('./brochure-worker.mjs', import.meta.url);
}

/** A request to a worker thread, and its answer. */
export type WorkerAsk =
  | { kind: 'validate'; task: ValidateTask }
  // The context with a render's first run only: the worker keeps it for the next.
  | { kind: 'render'; context: RenderContext | undefined; jobs: RenderJob[] }
  // The renderer loaded ahead, while the worker would wait for the main thread's checks.
  | { kind: 'prepare'; serverDir: string }
  | { kind: 'brochure'; site: Site; summaries: CourseSummary[]; date: Date | undefined };
export type WorkerRequest = { id: number } & WorkerAsk;
export type WorkerReply = { id: number } & ({ ok: true; value: unknown; phases: PhaseTimes } | { ok: false; error: string });

/** One worker thread, answering requests in order. */
export class WorkerThread {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private next = 0;

  /** @param phases told where the thread's time went, with each answer */
  constructor(phases = new Phases(), entry = workerEntry()) {
    // When it was started: a thread's clock counts from the process's start, not its own.
    this.worker = new Worker(entry, { workerData: { startedAt: performance.now() } });
    this.worker.on('message', (reply: WorkerReply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (reply.ok) phases.merge(reply.phases);
      if (reply.ok) waiter?.resolve(reply.value);
      else waiter?.reject(new Error(`build worker failed: ${reply.error}`));
    });
    this.worker.on('error', (error) => {
      this.failed = true;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    });
    // Stopped (close) or ended with requests unanswered: they fail rather than wait forever.
    this.worker.on('exit', (code) => {
      this.failed = true;
      for (const waiter of this.waiting.values()) waiter.reject(new Error(`build worker failed: it ended (${code}) before answering`));
      this.waiting.clear();
    });
  }

  /** Whether the thread stopped, with an error or closed (it is not to be asked again). */
  failed = false;

  ask<T>(request: WorkerAsk): Promise<T> {
    const id = this.next++;
    // Asked: the process waits for its answer (an idle thread kept for later does not hold it: idle()).
    this.worker.ref();
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  /** Kept for a later request: the process may end meanwhile without closing it. */
  idle(): void {
    this.worker.unref();
  }

  close(): Promise<number> {
    this.failed = true;
    return this.worker.terminate();
  }
}

type Thread = { own: PageWork } | { worker: WorkerThread };

/** The threads of one build: this one and `count - 1` workers. Close it when done. */
export class PageThreads {
  private readonly threads: Thread[];
  /** This thread's own work (the first of `threads`). */
  private readonly here = new PageWork();
  /** Which thread validated each page file (and holds its page). */
  private readonly holder = new Map<string, number>();
  /** The pages kept as objects (rendered by their holder), and where the others were written (by any thread). */
  private readonly held = new Map<string, 'object' | SpillPlace>();
  /** Where the pages' time went on every thread, summed by phase (scripts/builder/profile.ts). */
  readonly phases = new Phases();

  constructor(count: number) {
    this.threads = [{ own: this.here }, ...Array.from({ length: Math.max(0, count - 1) }, () => ({ worker: new WorkerThread(this.phases) }))];
  }

  get count(): number {
    return this.threads.length;
  }

  /** Runs `work` on this thread's own PageWork, adding its phases to the sums. */
  private own<T>(thread: { own: PageWork }, work: (own: PageWork) => T | Promise<T>): Promise<T> {
    return Promise.resolve()
      .then(() => work(thread.own))
      .finally(() => this.phases.merge(thread.own.phases.take()));
  }

  /**
   * Validates the files, a run of them at a time to whichever thread is free (a worker starts later
   * than this thread and pages differ: fixed halves left this thread waiting 0.25 s at 1,000 pages);
   * the reports come back in file order. A worker has two runs asked of it at a time, so it never
   * waits for this thread, busy validating, to hand it the next.
   */
  async validate(task: ValidateTask): Promise<LoadedPage[]> {
    const runs: string[][] = [];
    const reports: LoadedPage[][] = [];
    let next = 0;
    const take = (index: number): number | undefined => {
      if (next >= task.relatives.length) return undefined;
      const run = task.relatives.slice(next, next + runLength(task.relatives.length - next, this.threads.length));
      next += run.length;
      for (const relative of run) this.holder.set(relative, index);
      return runs.push(run) - 1;
    };
    await Promise.all(
      this.threads.map(async (thread, index) => {
        if ('own' in thread) {
          // After the caller's own work of this turn (the page folders), as before.
          await Promise.resolve();
          for (let run = take(index); run !== undefined; run = take(index)) {
            reports[run] = this.hold(await this.own(thread, (own) => own.validate({ ...task, relatives: runs[run]! })));
            // The workers' answers are read between two runs: each is handed its next at once.
            await new Promise((resolve) => setImmediate(resolve));
          }
          return;
        }
        const ask = async () => {
          for (let run = take(index); run !== undefined; run = take(index)) reports[run] = this.hold(await thread.worker.ask<LoadedPage[]>({ kind: 'validate', task: { ...task, relatives: runs[run]! } }));
        };
        await Promise.all([ask(), ask()]);
      }),
    );
    return reports.flat();
  }

  /**
   * Each worker loads the renderer of `serverDir` now, while it would wait (the main thread checks
   * across the pages before anything renders: 0.1–0.2 s at 1,000 pages, 3 s at 50,000); its first
   * render then starts rendering at once. A failure here is met again, and reported, by the render.
   */
  prepare(serverDir: string): void {
    for (const thread of this.threads) if ('worker' in thread) thread.worker.ask({ kind: 'prepare', serverDir }).catch(() => undefined);
  }

  /** Notes how each page of a validation report is held; returns the report. */
  private hold(report: LoadedPage[]): LoadedPage[] {
    for (const page of report) if (page.ok && page.held !== 'nothing') this.held.set(page.relative, page.held);
    return report;
  }

  /**
   * Renders the jobs: each worker first the pages it keeps as objects, then runs of the others as it is
   * free: pages written to a file or to validate again, and last this thread's own pages, sent with the
   * request (a copy costs this thread a tenth of rendering the page). This thread renders its own
   * pages from the first, then whatever is left. Fixed shares left one thread idle at the end: 2–5 s
   * of a 50,000-page build (its share of the validation, and so of the pages, was smaller, and a page
   * takes each thread a different time), 0.3 s of a 1,000-page one (this thread writes the other files too).
   */
  async render(context: RenderContext, jobs: readonly RenderJob[]): Promise<Record<string, OutputRecord>[]> {
    const own: RenderJob[][] = this.threads.map(() => []);
    const anyone: RenderJob[] = [];
    for (const job of jobs) {
      const held = job.relative === null ? undefined : this.held.get(job.relative);
      if (held === 'object') own[this.holder.get(job.relative!)!]!.push(job);
      else anyone.push(held ? { ...job, spilled: held } : job);
    }
    // This thread's pages not yet taken are mine[front..back): taken here from the front, handed to a worker from the back.
    const mine = own[0]!;
    let front = 0;
    let back = mine.length;
    let next = 0;
    const left = () => anyone.length - next + (back - front);
    // After a thread's failure no thread starts another run: the build stops and removes what it wrote.
    let failed = false;
    const fromAnyone = (): RenderJob[] | undefined => {
      if (next >= anyone.length) return undefined;
      const run = anyone.slice(next, next + runLength(left(), this.threads.length));
      next += run.length;
      return run;
    };
    const takeHere = (): RenderJob[] | undefined => {
      if (failed) return undefined;
      if (front >= back) return fromAnyone();
      const run = mine.slice(front, Math.min(back, front + runLength(left(), this.threads.length)));
      front += run.length;
      return run;
    };
    const takeThere = (): RenderJob[] | undefined => {
      if (failed) return undefined;
      if (next < anyone.length) return fromAnyone();
      if (front >= back) return undefined;
      const run = mine.slice(Math.max(front, back - runLength(left(), this.threads.length)), back);
      back -= run.length;
      return run.map((job) => ({ ...job, page: this.here.release(job.relative!) }));
    };
    const written: Record<string, OutputRecord>[] = [];
    const rendered = Promise.all(
      this.threads.map(async (thread, index) => {
        if ('own' in thread) {
          // After the caller's own work of this turn (its other files), as before.
          await Promise.resolve();
          for (let run = takeHere(); run; run = takeHere()) {
            written.push(await this.own(thread, (work) => work.render(context, run)));
            // The workers' answers are read between two runs: each is handed its next at once.
            await new Promise((resolve) => setImmediate(resolve));
          }
          return;
        }
        // The context with the first request only (a message's copy of it costs as much as a few pages).
        written.push(await thread.worker.ask<Record<string, OutputRecord>>({ kind: 'render', context, jobs: own[index]! }));
        // Runs asked for once its own pages are done, not before: runs claimed early waited behind them
        // while this thread, done with its own, had nothing left (0.3 s at 1,000 pages).
        const ask = async () => {
          for (let run = takeThere(); run; run = takeThere()) written.push(await thread.worker.ask<Record<string, OutputRecord>>({ kind: 'render', context: undefined, jobs: run }));
        };
        await Promise.all([ask(), ask()]);
      }),
    );
    rendered.catch(() => (failed = true));
    await rendered;
    return written;
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.flatMap((thread) => ('worker' in thread ? [thread.worker.close()] : [])));
  }
}

/**
 * Pages in the next run, of `left` not yet handed out: an eighth of a thread's share of them, 5 to 200
 * pages (a message to a worker costs microseconds, a page a millisecond). The runs shrink towards the
 * end, so the last one a thread waits for is short: with runs of a fixed length (25 pages at 1,000
 * pages) this thread waited 75 ms for the worker's last two.
 */
const runLength = (left: number, threads: number) => Math.max(5, Math.min(200, Math.ceil(left / (threads * 8))));

/** The brochure's thread: started ahead, asked once for the brochure; stopped when not needed. */
export interface BrochureThread {
  make(site: Site, summaries: CourseSummary[], date: Date | undefined): Promise<Uint8Array>;
  stop(): Promise<unknown>;
}

/**
 * The brochure (scripts/builder/brochure.ts) made on a thread of its own: it runs beside the photos, the
 * cards and the pages' rendering instead of after them (on a small site, on the core the build otherwise
 * leaves idle). The thread can start before the courses are known: loading pdf-lib and the brochure's code
 * (0.3–0.5 s) then happens while the pages are validated, not after. A rejected promise is handled by
 * whoever awaits it.
 *
 * A thread that answered is kept, idle, for the next build of the same process: the editor server
 * builds a draft's preview after every save and the site at every publish, and a course's change
 * redraws the brochure, which on a fresh thread waited 0.8–0.9 s for pdf-lib to load again. An idle
 * thread does not keep a process from ending (`npm run build` ends as before).
 */
export function brochureThread(): BrochureThread {
  const kept = idleBrochure;
  idleBrochure = undefined;
  const thread = kept && !kept.failed ? kept : new WorkerThread(new Phases(), brochureEntry());
  const done = () => {
    if (thread.failed || idleBrochure) return void thread.close();
    thread.idle();
    idleBrochure = thread;
  };
  let asked = false;
  return {
    make(site, summaries, date) {
      asked = true;
      const made = thread.ask<Uint8Array>({ kind: 'brochure', site, summaries, date }).finally(done);
      // Awaited only when the build gets that far; a build stopped before then stops the thread.
      made.catch(() => undefined);
      return made;
    },
    // Not asked (started ahead for nothing): kept for later. Asked and not yet answered: stopped (a build that stops).
    stop: () => {
      if (!asked) done();
      else if (idleBrochure !== thread) return thread.close();
      return Promise.resolve(0);
    },
  };
}

/** The brochure's thread of the last build in this process, waiting for the next (brochureThread). */
let idleBrochure: WorkerThread | undefined;

/**
 * The brochure's thread started now, idle, unless one is: a long-running process (the editor server)
 * then draws its first brochure without waiting for pdf-lib to load.
 */
export function brochureThreadReady(): void {
  if (idleBrochure && !idleBrochure.failed) return;
  const thread = new WorkerThread(new Phases(), brochureEntry());
  thread.idle();
  idleBrochure = thread;
}
