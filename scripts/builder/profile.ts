/**
 * Where a build's time goes: milliseconds by phase, summed over the pages of a thread (read, parse,
 * schema, render, write…) and the wall time of the main thread's steps (start-up, bundles, photos…).
 * Always on: a phase costs two `performance.now()` calls (well under a microsecond), against about a
 * millisecond of work a page. `npm run build -- --stats` prints it and `npm run bench` divides it by
 * the pages (README, "Speed").
 */

/** Milliseconds by phase name. */
export type PhaseTimes = Record<string, number>;

/** One thread's sums. */
export class Phases {
  readonly times: PhaseTimes = {};

  add(phase: string, ms: number): void {
    this.times[phase] = (this.times[phase] ?? 0) + ms;
  }

  /** Runs `work`, adding its time to `phase`. */
  time<T>(phase: string, work: () => T): T {
    const started = performance.now();
    try {
      return work();
    } finally {
      this.add(phase, performance.now() - started);
    }
  }

  /** Takes in another thread's sums. */
  merge(times: PhaseTimes): void {
    for (const [phase, ms] of Object.entries(times)) this.add(phase, ms);
  }

  /** The sums so far, and starts again from zero. */
  take(): PhaseTimes {
    const taken = { ...this.times };
    for (const phase of Object.keys(this.times)) delete this.times[phase];
    return taken;
  }
}

/** The main thread's steps, each the wall time since the step before (the first: since this was made). */
export class Steps {
  readonly times: PhaseTimes = {};
  private last = performance.now();

  /** Ends the step `name` now. */
  mark(name: string): void {
    const now = performance.now();
    this.times[name] = (this.times[name] ?? 0) + (now - this.last);
    this.last = now;
  }
}

/** What a build reports of its time: the main thread's steps and the pages' phases on all threads (CPU of each thread). */
export interface BuildProfile {
  /** When the build began, in ms since the process started (its start-up, for a build run from the command line). */
  startedAt: number;
  steps: PhaseTimes;
  pages: PhaseTimes;
  threads: number;
}
