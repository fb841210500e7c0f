/**
 * Publishes set for a later time. A publisher schedules a draft as they reviewed it (its commit and
 * the review's digest, as "Publish" names them); the merge is checked and built at once, for the
 * date in India it goes live (publisher.ts, prepare), so a problem is said while the publisher is
 * there. At its time, on the server's clock (hosted/clock.ts), the server publishes exactly that:
 * the prepared build itself, byte for byte, when main has not changed the merge since; otherwise the
 * draft merged with main as it is then, and only if that is still what the review showed (the
 * digest), else nothing, with the reason kept for the publishers' screen.
 *
 * The schedules are kept in the state folder (schedules.json, written whole and renamed into place),
 * so a restart keeps them: they are armed again when the server starts, and one whose time passed
 * while it was stopped runs at once and says it ran late. One publish at a time: a schedule whose
 * time comes while another publish (or the update for a new date) runs waits for it.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as z from 'zod';
import type { ScheduledPublish } from '../protocol/publish';
import { Refusal } from '../server/http';
import type { Person } from '../repo/repository';
import type { Clock } from '../hosted/clock';
import { dateInIndia, whenInIndia } from '../protocol/india-time';
import { PUBLISH } from '../errors';
import { changedSinceReview, type Prepared, type Publisher, type Reviewed } from './publisher';

/** How often a schedule whose time came while another publish ran asks again. */
const BUSY_RETRY_MS = 1000;
/** A schedule that runs this much after its time ran late (the server was stopped at its time). */
const LATE_MS = 60_000;
/** A publish is scheduled for a time to come, at most a year ahead. */
const MOST_AHEAD_MS = 366 * 24 * 60 * 60_000;
/** The schedules done (published, refused, cancelled) kept for the screen. */
const KEPT_DONE = 20;

const ReasonSchema = z.object({ error: z.string(), hint: z.string().nullable() });
const PersonSchema = z.object({ name: z.string(), email: z.string() });
const PreparedSchema = z.object({ main: z.string(), tree: z.string(), today: z.string(), build: z.string() });
const ScheduleSchema = z.object({
  id: z.string(),
  draft: z.string(),
  commit: z.string(),
  digest: z.string(),
  at: z.string(),
  by: PersonSchema,
  setAt: z.string(),
  prepared: PreparedSchema.nullable(),
  status: z.enum(['waiting', 'published', 'refused', 'cancelled']),
  doneAt: z.string().nullable().default(null),
  tag: z.string().nullable().default(null),
  reason: ReasonSchema.nullable().default(null),
  late: z.boolean().default(false),
  cancelledBy: z.string().nullable().default(null),
});
type Schedule = z.infer<typeof ScheduleSchema>;
const SchedulesFileSchema = z.array(ScheduleSchema);

export interface SchedulesContext {
  publisher: Publisher;
  clock: Clock;
  stateDir: string;
  /** Whether the draft's "ready for review" mark still holds for the reviewed commit (a save or the editor withdrew it). */
  markHolds(draft: string, commit: string): boolean;
  /** After the draft went live: its mark removed and the server's copy of main brought up to date. */
  published(draft: string): Promise<void>;
  /** Whether editors.yaml on main, read now, still lists `email` as a publisher. */
  isPublisher(email: string): Promise<boolean>;
  log(entry: Record<string, unknown>): void;
}

export class Schedules {
  private readonly file: string;
  private readonly timers = new Map<string, () => void>();
  private closed = false;
  /** The runs under way (the server waits for them when it stops). */
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly context: SchedulesContext) {
    const dir = path.join(context.stateDir, 'publish');
    mkdirSync(dir, { recursive: true });
    this.file = path.join(dir, 'schedules.json');
  }

  private read(): Schedule[] {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch {
      return [];
    }
    return SchedulesFileSchema.parse(JSON.parse(text) as unknown);
  }

  private write(schedules: Schedule[]): void {
    const waiting = schedules.filter((schedule) => schedule.status === 'waiting');
    const done = schedules.filter((schedule) => schedule.status !== 'waiting').sort((a, b) => (b.doneAt ?? '').localeCompare(a.doneAt ?? '')).slice(0, KEPT_DONE);
    writeFileSync(`${this.file}.next`, JSON.stringify([...waiting, ...done]));
    renameSync(`${this.file}.next`, this.file);
  }

  private update(id: string, change: (schedule: Schedule) => Schedule): Schedule | null {
    const schedules = this.read();
    const index = schedules.findIndex((schedule) => schedule.id === id);
    if (index < 0) return null;
    schedules[index] = change(schedules[index]!);
    this.write(schedules);
    return schedules[index];
  }

  /** Every waiting schedule armed on the clock (at start): one whose time passed while the server was stopped runs now. */
  start(): void {
    for (const schedule of this.read()) if (schedule.status === 'waiting') this.arm(schedule);
  }

  /** No schedule runs from now on; the runs under way are waited for. */
  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }

  private arm(schedule: Schedule): void {
    this.timers.get(schedule.id)?.();
    this.timers.set(
      schedule.id,
      this.context.clock.at(Date.parse(schedule.at), () => {
        this.timers.delete(schedule.id);
        const run = this.run(schedule.id).finally(() => this.running.delete(run));
        this.running.add(run);
      }),
    );
  }

  /**
   * The reviewed draft scheduled for `at` (an ISO instant): refused when the time is past or over a
   * year ahead, when the draft is scheduled already, or when publishing it would be refused now
   * (checked and built ahead, for the date it goes live).
   */
  async schedule(draft: string, reviewed: Reviewed, at: string, by: Person): Promise<Schedule> {
    const instant = Date.parse(at);
    if (Number.isNaN(instant)) throw PUBLISH.refusal('PUBLISH_SCHEDULE_NOT_A_TIME');
    const now = this.context.clock.now();
    if (instant <= now) throw PUBLISH.refusal('PUBLISH_SCHEDULE_PAST', { now: whenInIndia(now) });
    if (instant > now + MOST_AHEAD_MS) throw PUBLISH.refusal('PUBLISH_SCHEDULE_TOO_FAR');
    const taken = this.read().find((schedule) => schedule.status === 'waiting' && schedule.draft === draft);
    if (taken) throw PUBLISH.refusal('PUBLISH_SCHEDULE_TAKEN', { when: whenInIndia(Date.parse(taken.at)) });
    const id = randomBytes(6).toString('hex');
    const out = path.join(this.context.publisher.builds, `scheduled-${id}`);
    const prepared = await this.context.publisher.prepare(draft, reviewed, by, dateInIndia(instant), out);
    const schedule: Schedule = {
      id,
      draft,
      commit: reviewed.commit,
      digest: reviewed.digest,
      at: new Date(instant).toISOString(),
      by,
      setAt: this.context.clock.iso(),
      prepared,
      status: 'waiting',
      doneAt: null,
      tag: null,
      reason: null,
      late: false,
      cancelledBy: null,
    };
    this.write([...this.read(), schedule]);
    this.context.log({ event: 'publish-scheduled', id, draft: `drafts/${draft}`, at: schedule.at, by: by.email, commit: reviewed.commit });
    if (!this.closed) this.arm(schedule);
    return schedule;
  }

  /** When the draft's commit `commit` is scheduled to go live (ISO instant), if it is. */
  waitingFor(draft: string, commit: string | null): string | null {
    return this.read().find((entry) => entry.status === 'waiting' && entry.draft === draft && entry.commit === commit)?.at ?? null;
  }

  /** A waiting schedule cancelled: nothing of it goes live. */
  cancel(id: string, by: Person): Schedule {
    const schedule = this.read().find((entry) => entry.id === id);
    if (!schedule || schedule.status !== 'waiting') throw PUBLISH.refusal('PUBLISH_NO_SUCH_SCHEDULE');
    this.timers.get(id)?.();
    this.timers.delete(id);
    this.dropPrepared(schedule.prepared);
    const done = this.update(id, (entry) => ({ ...entry, status: 'cancelled', doneAt: this.context.clock.iso(), cancelledBy: by.name, prepared: null }))!;
    this.context.log({ event: 'schedule-cancelled', id, draft: `drafts/${schedule.draft}`, by: by.email });
    return done;
  }

  private dropPrepared(prepared: Prepared | null): void {
    if (prepared) this.context.publisher.removeBuild(prepared.build);
  }

  /** At its time: published as reviewed, or refused with why; waits while another publish runs. */
  private async run(id: string): Promise<void> {
    if (this.closed) return;
    const schedule = this.read().find((entry) => entry.id === id);
    if (!schedule || schedule.status !== 'waiting') return;
    if (this.context.publisher.busy()) {
      this.context.log({ event: 'schedule-waits', id, busy: this.context.publisher.busy() });
      this.arm({ ...schedule, at: new Date(this.context.clock.now() + BUSY_RETRY_MS).toISOString() });
      return;
    }
    const late = this.context.clock.now() - Date.parse(schedule.at) > LATE_MS;
    const finish = (change: Partial<Schedule>) => {
      this.dropPrepared(schedule.prepared);
      this.update(id, (entry) => ({ ...entry, ...change, late, doneAt: this.context.clock.iso(), prepared: null }));
    };
    try {
      // A schedule publishes on its setter's authority, as it is at the time: a publisher removed since publishes nothing.
      if (!(await this.context.isPublisher(schedule.by.email))) throw PUBLISH.refusal('PUBLISH_SCHEDULE_SETTER_NOT_PUBLISHER', { name: schedule.by.name });
      if (!this.context.markHolds(schedule.draft, schedule.commit)) {
        // Saved since (the save withdrew the mark), or the mark taken away by its editor.
        await this.context.publisher.fetch();
        throw (await this.context.publisher.draftHead(schedule.draft)) === schedule.commit ? PUBLISH.refusal('PUBLISH_SCHEDULE_NOT_READY') : changedSinceReview();
      }
      const answer = await this.context.publisher.publish(schedule.draft, { commit: schedule.commit, digest: schedule.digest }, schedule.by, [], schedule.prepared);
      if ('conflicts' in answer) throw PUBLISH.refusal('PUBLISH_SCHEDULE_CONFLICTS');
      if ('nothing' in answer) throw PUBLISH.refusal('PUBLISH_SCHEDULE_NOTHING');
      finish({ status: 'published', tag: answer.published });
      this.context.log({ event: 'schedule-published', id, draft: `drafts/${schedule.draft}`, tag: answer.published, due: schedule.at, late });
      await this.context.published(schedule.draft);
    } catch (error) {
      if (error instanceof Refusal && error.body.code === 'PUBLISH_BUSY') {
        // Another publish took the lock between the look and the publish: asked again in a moment.
        this.arm({ ...schedule, at: new Date(this.context.clock.now() + BUSY_RETRY_MS).toISOString() });
        return;
      }
      const words = error instanceof Refusal ? error.body : PUBLISH.words('PUBLISH_SERVER_PROBLEM');
      const reason = { error: words.error, hint: words.hint ?? null };
      if (!(error instanceof Refusal)) this.context.log({ event: 'schedule-error', id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      finish({ status: 'refused', reason });
      this.context.log({ event: 'schedule-refused', id, draft: `drafts/${schedule.draft}`, reason: reason.error, late });
    }
  }

  /** The schedules as the publishers' screen lists them: waiting (soonest first), then the last done; `nameOf` says whose draft. */
  list(nameOf: (draft: string) => string): ScheduledPublish[] {
    const all = this.read();
    const waiting = all.filter((entry) => entry.status === 'waiting').sort((a, b) => a.at.localeCompare(b.at));
    const done = all.filter((entry) => entry.status !== 'waiting');
    return [...waiting, ...done].map((entry) => ({
      id: entry.id,
      draft: entry.draft,
      name: nameOf(entry.draft),
      by: entry.by.name,
      at: entry.at,
      setAt: entry.setAt,
      commit: entry.commit,
      status: entry.status,
      doneAt: entry.doneAt,
      tag: entry.tag,
      reason: entry.reason,
      late: entry.late,
      cancelledBy: entry.cancelledBy,
    }));
  }
}
