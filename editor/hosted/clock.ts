/**
 * The hosted editor's clock: the only place its server reads the time. `CESA_NOW=<ISO time>` starts
 * the clock at that instant and lets it run on (the real clock plus a fixed offset), so a drill or a
 * test can put the server a few seconds before midnight in India, or before a scheduled publish,
 * and watch what it does; without it, the real clock. Everything the server does at a time (the
 * update for a new date, a scheduled publish) waits on this clock's timers, and every build it makes
 * takes this clock's date in India (`today`), never the computer's.
 */
import { ADMIN } from '../errors';
import { dateInIndia } from '../protocol/india-time';
import type { IsoDate } from '../../src/content/calendar';

/** Timers are re-armed at most this far apart: a long sleep (weeks until a schedule) stays within what setTimeout takes, and follows the clock. */
const TIMER_CHUNK_MS = 30_000;

export interface Clock {
  /** Milliseconds since 1970, as this clock says. */
  now(): number;
  /** now() as an ISO time, for records and logs. */
  iso(): string;
  /** The calendar date in India now: `YYYY-MM-DD` (what builds take as `today`). */
  todayInIndia(): IsoDate;
  /** Calls `run` once this clock reaches `instant` (at once if it has); the function returned cancels it. */
  at(instant: number, run: () => void): () => void;
}

/** A clock `offsetMs` ahead of the computer's (behind, when negative). */
export function offsetClock(offsetMs: number): Clock {
  const now = () => Date.now() + offsetMs;
  return {
    now,
    iso: () => new Date(now()).toISOString(),
    todayInIndia: () => dateInIndia(now()),
    at(instant, run) {
      let timer: NodeJS.Timeout | null = null;
      let cancelled = false;
      const arm = () => {
        if (cancelled) return;
        const wait = instant - now();
        if (wait <= 0) return run();
        timer = setTimeout(arm, Math.min(wait, TIMER_CHUNK_MS));
        // A timer alone never keeps the process running (the server's socket does).
        timer.unref();
      };
      arm();
      return () => {
        cancelled = true;
        if (timer) clearTimeout(timer);
      };
    },
  };
}

/** The computer's own clock. */
export const systemClock: Clock = offsetClock(0);

/** A clock that reads `start` now and runs on from there. */
export function clockStartingAt(start: number): Clock {
  return offsetClock(start - Date.now());
}

/** CESA_NOW's clock when it is set, else the computer's; refused, in words, when CESA_NOW is not a time. */
export function clockFrom(env: NodeJS.ProcessEnv): Clock {
  const start = env.CESA_NOW?.trim();
  if (!start) return systemClock;
  const instant = Date.parse(start);
  if (Number.isNaN(instant)) throw new Error(ADMIN.text('ADMIN_NOW_NOT_A_TIME', { value: start }));
  return clockStartingAt(instant);
}
