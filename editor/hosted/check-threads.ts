/**
 * The hosted editor's checking threads: what an editor sends (a page to check or to save) is made into
 * its text and checked on its own (../server/page-checks.ts) off the thread that serves everyone, on a
 * few threads each with a memory limit and a time limit. A page that would cost more ends its thread:
 * that one request is answered with a refusal in words, the thread is replaced, and every other
 * editor's requests are answered meanwhile as usual.
 *
 * Why threads and limits as well as the bounds in the checks themselves (the course's facts, aliases,
 * the errors reported): those bound what is known to grow; the limits bound what is not known yet.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { EDITOR } from '../errors';
import type { Prepare, Prepared, SentPage } from '../server/page-checks';

/** What a checking thread answers: the text and its own checks, or what went wrong. */
export type CheckReply = { ok: true; prepared: Prepared } | { ok: false; error: string };

export interface CheckLimits {
  /**
   * The heap of one thread, in MB: a page's check holds the page a few times over (its text, its YAML
   * document with positions, its data, zod's copy), 10–30 MB for the largest page the editor accepts.
   */
  heapMb: number;
  /** How long one check may take: the largest page the editor accepts is checked in about a second. */
  timeoutMs: number;
  /** Threads: checks running at once. */
  threads: number;
  /** Checks waiting for a thread beyond which the next is refused (busy) rather than queued. */
  waiting: number;
}

export const CHECK_LIMITS: CheckLimits = {
  heapMb: 256,
  timeoutMs: 20_000,
  threads: Math.min(2, availableParallelism()),
  waiting: 64,
};

interface Job {
  sent: SentPage;
  resolve: (prepared: Prepared) => void;
  reject: (error: Error) => void;
}

/** One thread, running one job at a time; replaced when it ends. */
class CheckThread {
  readonly worker: Worker;
  job: Job | undefined;
  ready = false;
  private timer: NodeJS.Timeout | undefined;
  ended = false;

  constructor(
    limits: CheckLimits,
    private readonly done: (thread: CheckThread) => void,
  ) {
    this.worker = new Worker(new URL('./check-worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: Math.max(8, Math.round(limits.heapMb / 16)), stackSizeMb: 4 },
    });
    this.worker.unref();
    this.worker.on('message', (reply: CheckReply | 'ready') => {
      // Its modules loaded: a job's time counts from here, not from the thread's start.
      if (reply === 'ready') {
        this.ready = true;
        return this.done(this);
      }
      const job = this.finish();
      if (!job) return;
      if (reply.ok) job.resolve(reply.prepared);
      // A fault of the code, not of the page: the server's log gets the thread's stack, the editor the usual words.
      else job.reject(new Error(reply.error));
      this.done(this);
    });
    // Out of memory (ERR_WORKER_OUT_OF_MEMORY), an error of its own, or stopped at its time limit.
    this.worker.on('error', () => this.end());
    this.worker.on('exit', () => this.end());
    this.timeoutMs = limits.timeoutMs;
  }

  private readonly timeoutMs: number;

  run(job: Job): void {
    this.job = job;
    this.worker.ref();
    this.timer = setTimeout(() => void this.worker.terminate(), this.timeoutMs);
    this.worker.postMessage(job.sent);
  }

  private finish(): Job | undefined {
    clearTimeout(this.timer);
    this.worker.unref();
    const job = this.job;
    this.job = undefined;
    return job;
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.finish()?.reject(EDITOR.refusal('EDITOR_CHECK_TOO_COSTLY'));
    this.done(this);
  }
}

export class CheckThreads {
  private readonly threads: CheckThread[] = [];
  private readonly queue: Job[] = [];
  private closed = false;

  constructor(private readonly limits: CheckLimits = CHECK_LIMITS) {
    for (let index = 0; index < limits.threads; index++) this.threads.push(this.start());
  }

  /** Checks a sent page on a thread (waits for one when all are busy). */
  readonly prepare: Prepare = (sent) =>
    new Promise<Prepared>((resolve, reject) => {
      if (this.closed) return reject(EDITOR.refusal('EDITOR_CHECKS_BUSY'));
      if (this.queue.length >= this.limits.waiting) return reject(EDITOR.refusal('EDITOR_CHECKS_BUSY'));
      // A thread that ended before it was ready is started again by the next check asked for, not at once.
      while (this.threads.length < this.limits.threads) this.threads.push(this.start());
      this.queue.push({ sent, resolve, reject });
      this.next();
    });

  /** Threads replaced since the server started (each ended by a check that cost too much). */
  replaced = 0;

  /** Ends every thread; a check asked for after this is refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(EDITOR.refusal('EDITOR_CHECKS_BUSY'));
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }

  private start(): CheckThread {
    return new CheckThread(this.limits, (thread) => this.settled(thread));
  }

  /** A thread is ready, answered (ready for the next job) or ended (replaced by a new one). */
  private settled(thread: CheckThread): void {
    if (thread.ended) {
      const at = this.threads.indexOf(thread);
      if (at !== -1) {
        this.threads.splice(at, 1);
        if (!this.closed && thread.ready) {
          // Ended by a check that cost too much: replaced at once, for the checks waiting.
          this.replaced++;
          this.threads.push(this.start());
        } else if (!thread.ready && this.threads.length === 0) {
          // None could even start (their code failed to load): the checks waiting would wait for ever.
          for (const job of this.queue.splice(0)) job.reject(EDITOR.refusal('EDITOR_SERVER_PROBLEM'));
        }
      }
    }
    this.next();
  }

  private next(): void {
    for (const thread of this.threads) {
      if (this.queue.length === 0) return;
      if (thread.job || thread.ended || !thread.ready) continue;
      thread.run(this.queue.shift()!);
    }
  }
}
