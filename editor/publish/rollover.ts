/**
 * The live site kept true to the date, with no person and no cron: just after 00:00 in India (on the
 * server's clock, hosted/clock.ts) main is built for the new date as publishing builds it, compared
 * with what is live, and put live only when some file changed with the date (publisher.ts,
 * updateForDate). What it did is recorded (rollover.json in the state folder) for the publishers'
 * screen: "Updated at 00:00: 2 pages changed with the date". It takes publishing's lock, so it
 * never runs during a publish: it waits for one under way. A server started on a later date than the
 * live site was built for (it was stopped over midnight) updates at once.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { DateUpdate } from '../protocol/publish';
import { Refusal } from '../server/http';
import type { Clock } from '../hosted/clock';
import { nextMidnightInIndia } from '../protocol/india-time';
import { PUBLISH } from '../errors';
import type { Publisher } from './publisher';

/** How long after midnight the update starts: the clock's date is then surely the new one. */
const AFTER_MIDNIGHT_MS = 1000;
/** How often it asks again while a publish runs. */
const BUSY_RETRY_MS = 2000;

const DateUpdateSchema = z.object({
  at: z.string(),
  today: z.string(),
  pages: z.array(z.string()),
  deployed: z.boolean(),
  reason: z.object({ error: z.string(), hint: z.string().nullable() }).nullable(),
});

export interface RolloverContext {
  publisher: Publisher;
  clock: Clock;
  stateDir: string;
  log(entry: Record<string, unknown>): void;
}

export class DateRollover {
  private readonly file: string;
  private cancel: (() => void) | null = null;
  private closed = false;
  private running: Promise<void> | null = null;

  constructor(private readonly context: RolloverContext) {
    const dir = path.join(context.stateDir, 'publish');
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'rollover.json');
  }

  /** What the last update did, if any yet. */
  last(): DateUpdate | null {
    try {
      return DateUpdateSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')) as unknown);
    } catch {
      return null;
    }
  }

  /** Armed for the next midnight in India; at once when the live site was built for an earlier date. */
  start(): void {
    const live = this.context.publisher.liveDate();
    if (live !== null && live < this.context.clock.todayInIndia()) this.armAt(this.context.clock.now());
    else this.armAt(nextMidnightInIndia(this.context.clock.now()) + AFTER_MIDNIGHT_MS);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.cancel?.();
    await this.running;
  }

  private armAt(instant: number): void {
    this.cancel?.();
    if (this.closed) return;
    this.cancel = this.context.clock.at(instant, () => {
      this.running = this.run().finally(() => (this.running = null));
    });
  }

  /** Builds for today and deploys only what changed; then waits for the next midnight. */
  private async run(): Promise<void> {
    if (this.closed) return;
    const { publisher, clock } = this.context;
    if (publisher.busy()) return this.armAt(clock.now() + BUSY_RETRY_MS);
    const today = clock.todayInIndia();
    let update: DateUpdate;
    try {
      const result = await publisher.updateForDate(today);
      update = { at: clock.iso(), today, pages: result.routes, deployed: result.deployed, reason: null };
      this.context.log({ event: 'date-update', today, commit: result.commit, deployed: result.deployed, pages: result.routes });
    } catch (error) {
      if (error instanceof Refusal && error.code === 'PUBLISH_BUSY') return this.armAt(clock.now() + BUSY_RETRY_MS);
      const words = error instanceof Refusal ? error.body : PUBLISH.words('PUBLISH_SERVER_PROBLEM');
      if (!(error instanceof Refusal)) this.context.log({ event: 'date-update-error', error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      update = { at: clock.iso(), today, pages: [], deployed: false, reason: { error: words.error, hint: words.hint ?? null } };
      this.context.log({ event: 'date-update-refused', today, reason: words.error });
    }
    writeFileSync(`${this.file}.next`, JSON.stringify(update));
    renameSync(`${this.file}.next`, this.file);
    this.armAt(nextMidnightInIndia(clock.now()) + AFTER_MIDNIGHT_MS);
  }
}
