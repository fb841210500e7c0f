/**
 * The publishing API of the hosted editor (/_editor/api/publish/…, editor/protocol/publish.ts):
 * an editor marks their draft ready for review; a publisher (role `publisher` in editors.yaml, read
 * at every request) reviews, publishes, publishes again and rolls back. A mark names the draft's
 * commit when it was made, and holds only while the draft is that commit: a save withdraws it, and
 * a publish names the commit it reviewed, so what goes live is what was reviewed. The marks are kept
 * in the server's state folder, so a restart keeps them. Every request is counted against its
 * person's limit (rate-limit.ts) before any fetch, merge or build. A publisher may also schedule a
 * reviewed draft for a later time, and cancel it (schedules.ts); the screen shows the schedules and
 * what the last update for a new date did (rollover.ts).
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import * as z from 'zod';
import type { Dropped, MyDraftResponse, ReadyDraft, ReviewResponse, ScheduledPublish } from '../protocol/publish';
import { readJson, Refusal, routeOf, sendJson, type Routes } from '../server/http';
import { whomToAsk, type Editor } from '../repo/editors';
import type { Limited, RateLimiter } from '../hosted/rate-limit';
import { changedSinceReview, type Publisher } from './publisher';
import { DateRollover } from './rollover';
import { Schedules } from './schedules';
import type { Clock } from '../hosted/clock';
import { PUBLISH } from '../errors';

const DraftIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/);
const CommitSchema = z.string().regex(/^[0-9a-f]{40}$/);
const ReadyRequestSchema = z.object({ ready: z.boolean() }).strict();
const PublishRequestSchema = z
  .object({
    draft: DraftIdSchema,
    /** The draft's commit and the digest of what the review showed (ReadyDraft). */
    commit: CommitSchema,
    digest: z.string().regex(/^[0-9a-f]{64}$/),
    decisions: z.array(z.object({ key: z.string().regex(/^[0-9a-f]{24}$/), choice: z.enum(['live', 'draft']) }).strict()).max(1000).default([]),
  })
  .strict();
const RollbackRequestSchema = z.object({ tag: z.string().max(40) }).strict();
const ScheduleRequestSchema = z
  .object({
    draft: DraftIdSchema,
    commit: CommitSchema,
    digest: z.string().regex(/^[0-9a-f]{64}$/),
    /** When it goes live: an ISO instant with its offset. */
    at: z.iso.datetime({ offset: true }),
  })
  .strict();
const UnscheduleRequestSchema = z.object({ id: z.string().regex(/^[0-9a-f]{12}$/) }).strict();
/** How long the account bar's question may be answered from the last fetch of the drafts. */
const MINE_MAX_AGE_MS = 5000;
const MarkSchema = z.object({
  at: z.string(),
  /** The draft's commit when it was marked (marks of an older server have none: marked again). */
  commit: CommitSchema.optional(),
  /** A save after the mark withdrew it: the editor is told, and marks it again when it is ready. */
  withdrawnAt: z.string().optional(),
});
type Mark = z.infer<typeof MarkSchema>;
const ReadyMarksSchema = z.record(z.string(), MarkSchema);

/** Which drafts their editors marked ready for review, at which commit, kept in the state folder. */
class ReadyMarks {
  constructor(
    private readonly file: string,
    private readonly clock: Clock,
  ) {
    mkdirSync(path.dirname(file), { recursive: true });
  }

  read(): Record<string, Mark> {
    try {
      return ReadyMarksSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')) as unknown);
    } catch {
      return {};
    }
  }

  /** The mark of `id` if it holds for the draft's commit `head`: made at that commit and not withdrawn. */
  holding(id: string, head: string | null): (Mark & { commit: string }) | null {
    const mark = this.read()[id];
    return mark?.commit !== undefined && mark.withdrawnAt === undefined && mark.commit === head ? { ...mark, commit: mark.commit } : null;
  }

  /** Marks the draft ready at `commit`, or (null) takes the mark away. */
  set(id: string, commit: string | null): void {
    const marks = this.read();
    if (commit) marks[id] = { at: this.clock.iso(), commit };
    else delete marks[id];
    this.write(marks);
  }

  /** The draft changed: its mark no longer holds. Whether there was one that held. */
  withdraw(id: string): boolean {
    const marks = this.read();
    const mark = marks[id];
    if (!mark || mark.withdrawnAt !== undefined) return false;
    marks[id] = { ...mark, withdrawnAt: this.clock.iso() };
    this.write(marks);
    return true;
  }

  private write(marks: Record<string, Mark>): void {
    writeFileSync(`${this.file}.next`, JSON.stringify(marks));
    renameSync(`${this.file}.next`, this.file);
  }
}

/** The signed-in person of a request, as the server's sign-in check gives them. */
export interface SignedPerson {
  editor: Editor;
  /** Their draft's id. */
  id: string;
}

export interface PublishingContext {
  /** The address of the request's session, from its cookie alone (nothing fetched); null without one. */
  sessionEmail(req: IncomingMessage): string | null;
  /** The signed-in editor; `fresh` reads editors.yaml from the remote now (writes). */
  signedIn(req: IncomingMessage, fresh?: boolean): Promise<SignedPerson>;
  /** How much one person may ask: taken before any fetch, merge or build. */
  limiter: RateLimiter;
  editors(): Promise<Editor[]>;
  /** The draft of a listed person, as recorded (a draft keeps its owner across editors.yaml's history). */
  draftOf(email: string): string;
  /** After main moved (published, rolled back): the server's own copy catches up. */
  mainMoved(): Promise<void>;
  log(entry: Record<string, unknown>): void;
  /** The server's clock (hosted/clock.ts): when schedules run, when the date changes. */
  clock: Clock;
}

export class PublishingApi {
  private readonly marks: ReadyMarks;
  private readonly schedules: Schedules;
  private readonly rollover: DateRollover;

  constructor(
    private readonly publisher: Publisher,
    stateDir: string,
    private readonly context: PublishingContext,
  ) {
    const { clock } = context;
    const log = (entry: Record<string, unknown>) => context.log(entry);
    this.marks = new ReadyMarks(path.join(stateDir, 'publish', 'ready.json'), clock);
    this.schedules = new Schedules({
      publisher,
      clock,
      stateDir,
      log,
      markHolds: (draft, commit) => this.marks.holding(draft, commit) !== null,
      published: async (draft) => {
        this.marks.set(draft, null);
        await this.context.mainMoved();
      },
      isPublisher: async (email) => {
        await this.context.mainMoved();
        return (await this.context.editors()).some((entry) => entry.email.toLowerCase() === email.toLowerCase() && entry.role === 'publisher');
      },
    });
    this.rollover = new DateRollover({ publisher, clock, stateDir, log });
  }

  /** The schedules armed again (one whose time passed while the server was stopped runs now) and the next midnight's update. */
  start(): void {
    this.schedules.start();
    if (this.publisher.deploys()) this.rollover.start();
  }

  /** Nothing more runs at a time; what runs is waited for. */
  async close(): Promise<void> {
    await Promise.all([this.schedules.close(), this.rollover.close()]);
  }

  /**
   * After a save's commit in the draft: its "ready for review" no longer holds (the publisher would
   * review what was marked, not what was saved); the editor sees it withdrawn and marks it again.
   */
  draftChanged(id: string): void {
    if (this.marks.withdraw(id)) this.context.log({ event: 'ready-withdrawn', draft: `drafts/${id}`, reason: 'saved since it was marked' });
  }

  /** One of the person's requests counted (from the session's cookie alone), before anything is read or fetched. */
  private async count(req: IncomingMessage, kind: Limited): Promise<void> {
    const email = this.context.sessionEmail(req);
    // No session: refused as such, before anything else.
    if (email === null) await this.context.signedIn(req);
    else this.context.limiter.take(kind, email);
  }

  private async publisherOnly(req: IncomingMessage, fresh: boolean): Promise<SignedPerson> {
    const person = await this.context.signedIn(req, fresh);
    if (person.editor.role !== 'publisher') {
      throw PUBLISH.refusal('PUBLISH_PUBLISHERS_ONLY', { whom: whomToAsk(await this.context.editors()) });
    }
    return person;
  }

  /** The editor's own draft: its commit and what it changes. `maxAgeMs`: the account bar asks every few seconds; a change of the mark asks the remote now. */
  private async mine(id: string, maxAgeMs = 0): Promise<{ head: string | null; mine: MyDraftResponse }> {
    await this.publisher.fetch(maxAgeMs);
    const head = await this.publisher.draftHead(id);
    const files = head ? await this.publisher.changedFiles(head) : null;
    const mark = files !== null ? this.marks.holding(id, head) : null;
    const withdrawn = files !== null && mark === null && id in this.marks.read();
    const scheduledFor = mark ? this.schedules.waitingFor(id, mark.commit) : null;
    return { head, mine: { ready: mark !== null, readyAt: mark?.at ?? null, withdrawn, files: files ?? [], scheduledFor } };
  }

  /** Serves `publish/<endpoint>`; the caller has checked the request came from the editor's own origin. */
  async serve(req: IncomingMessage, res: ServerResponse, endpoint: string, method: string): Promise<void> {
    try {
      await this.answer(req, res, endpoint, method);
    } catch (error) {
      if (error instanceof Refusal) throw error;
      // Answered here, whatever state the request is in: a publisher must never read a failure as done.
      this.context.log({ event: 'publish-error', endpoint, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      throw PUBLISH.refusal('PUBLISH_SERVER_PROBLEM');
    }
  }

  /** The publishing requests, by `METHOD name` (the editor's one routing style, editor/server/http.ts). */
  private readonly routes: Routes<(req: IncomingMessage, res: ServerResponse) => Promise<void>> = {
    'GET mine': async (req, res) => {
      await this.count(req, 'read');
      const { id } = await this.context.signedIn(req);
      return sendJson(res, 200, (await this.mine(id, MINE_MAX_AGE_MS)).mine);
    },
    'POST ready': (req, res) => this.ready(req, res),
    'GET review': async (req, res) => {
      await this.count(req, 'publish');
      await this.publisherOnly(req, false);
      return sendJson(res, 200, await this.review());
    },
    'POST publish': (req, res) => this.publish(req, res),
    'POST again': async (req, res) => {
      await this.count(req, 'publish');
      await this.publisherOnly(req, true);
      const tag = await this.publisher.publishAgain();
      await this.context.mainMoved();
      return sendJson(res, 200, { published: tag });
    },
    'POST rollback': async (req, res) => {
      await this.count(req, 'publish');
      const { tag } = await readJson(req, RollbackRequestSchema);
      const { editor } = await this.publisherOnly(req, true);
      const published = await this.publisher.rollback(tag, { name: editor.name, email: editor.email });
      await this.context.mainMoved();
      return sendJson(res, 200, { published });
    },
    'POST schedule': (req, res) => this.schedule(req, res),
    'POST unschedule': async (req, res) => {
      await this.count(req, 'publish');
      const { id } = await readJson(req, UnscheduleRequestSchema);
      const { editor } = await this.publisherOnly(req, true);
      this.schedules.cancel(id, { name: editor.name, email: editor.email });
      return sendJson(res, 200, {});
    },
    'POST dismiss': async (req, res) => {
      await this.count(req, 'publish');
      const { editor } = await this.publisherOnly(req, false);
      this.publisher.dismissDropped();
      this.context.log({ event: 'dropped-publish-dismissed', by: editor.email });
      return sendJson(res, 200, {});
    },
  };

  private async answer(req: IncomingMessage, res: ServerResponse, endpoint: string, method: string): Promise<void> {
    const route = routeOf(this.routes, method, endpoint);
    if (!route) throw PUBLISH.refusal('PUBLISH_NO_SUCH_REQUEST', { endpoint });
    return route(req, res);
  }

  /** POST ready: the editor's draft marked ready for review at the commit it is now, or the mark taken away. */
  private async ready(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await this.count(req, 'publish');
    const { ready } = await readJson(req, ReadyRequestSchema);
    const { id, editor } = await this.context.signedIn(req, true);
    const { head, mine: now } = await this.mine(id);
    if (ready && (now.files.length === 0 || !head)) {
      throw PUBLISH.refusal('PUBLISH_NOTHING_TO_REVIEW');
    }
    this.marks.set(id, ready ? head : null);
    this.context.log({ event: ready ? 'ready-for-review' : 'not-ready', email: editor.email, draft: `drafts/${id}`, ...(ready ? { commit: head } : {}) });
    return sendJson(res, 200, { ...now, ready, readyAt: ready ? (this.marks.holding(id, head)?.at ?? null) : null, withdrawn: false } satisfies MyDraftResponse);
  }

  /** POST publish: the draft's commit the publisher reviewed, if its mark still holds for it. */
  private async publish(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await this.count(req, 'publish');
    const request = await readJson(req, PublishRequestSchema);
    const { editor } = await this.publisherOnly(req, true);
    // A save since withdrew the mark (draftChanged); the branch itself is checked after the publish's fetch.
    if (this.marks.holding(request.draft, request.commit) === null) throw changedSinceReview();
    const by = { name: editor.name, email: editor.email };
    const answer = await this.publisher.publish(request.draft, { commit: request.commit, digest: request.digest }, by, request.decisions);
    if ('published' in answer || 'nothing' in answer) this.marks.set(request.draft, null);
    if ('published' in answer) await this.context.mainMoved();
    return sendJson(res, 200, answer);
  }

  /** POST schedule: the draft's commit the publisher reviewed, checked and built now for the date it goes live, published at `at`. */
  private async schedule(req: IncomingMessage, res: ServerResponse): Promise<void> {
    await this.count(req, 'publish');
    const request = await readJson(req, ScheduleRequestSchema);
    const { editor } = await this.publisherOnly(req, true);
    if (this.marks.holding(request.draft, request.commit) === null) throw changedSinceReview();
    const schedule = await this.schedules.schedule(request.draft, { commit: request.commit, digest: request.digest }, request.at, { name: editor.name, email: editor.email });
    const names = new Map((await this.context.editors()).map((entry) => [this.context.draftOf(entry.email), entry]));
    const listed = this.schedules.list((draft) => names.get(draft)?.name ?? draft).find((entry) => entry.id === schedule.id);
    return sendJson(res, 200, listed satisfies ScheduledPublish | undefined);
  }

  /** The ready drafts with what publishing each would change on the live site; the published versions. */
  private async review(): Promise<ReviewResponse> {
    if (!this.publisher.busy()) await this.publisher.fetch();
    const names = new Map((await this.context.editors()).map((editor) => [this.context.draftOf(editor.email), editor]));
    const drafts: ReadyDraft[] = [];
    for (const id of Object.keys(this.marks.read())) {
      const draft = await this.readyDraft(id, names.get(id));
      if (draft) drafts.push(draft);
    }
    const versions = (await this.publisher.versions()).map((version) => ({ ...version, what: this.described(version.what, names) }));
    const refusal = await this.publisher.codeRefusal();
    return {
      drafts,
      versions,
      busy: this.publisher.busy(),
      unfinished: this.publisher.unfinished(),
      dropped: this.dropped(names),
      refusal: refusal ? { error: refusal.body.error, hint: refusal.body.hint ?? null } : null,
      schedules: this.schedules.list((draft) => names.get(draft)?.name ?? draft),
      dateUpdate: this.rollover.last(),
      now: this.context.clock.iso(),
    };
  }

  /**
   * A marked draft as the review shows it: the changes of the commit it was marked at (not of its
   * branch's head), with that commit and the digest the publish sends back. Null when the mark no
   * longer holds (saved since) or main has it all (published).
   */
  private async readyDraft(id: string, editor: Editor | undefined): Promise<ReadyDraft | null> {
    const mark = this.marks.holding(id, await this.publisher.draftHead(id));
    if (!mark) return null;
    const shown = { draft: id, name: editor?.name ?? id, email: editor?.email ?? '', readyAt: mark.at, commit: mark.commit };
    try {
      const preview = await this.publisher.preview(mark.commit);
      return preview ? { ...shown, ...preview, problem: null } : null;
    } catch (error) {
      // One draft that can never be published as it is (a link in it) must not hide the others.
      if (!(error instanceof Refusal)) throw error;
      return { ...shown, files: [], conflicts: [], origins: [], digest: '', problem: { error: error.body.error, hint: error.body.hint ?? null } };
    }
  }

  /** What a publish was, in words: "Asha Editor's draft" for drafts/<her id>. */
  private described(what: string, names: ReadonlyMap<string, Editor>): string {
    const id = /^drafts\/(.+)$/.exec(what)?.[1];
    const editor = id ? names.get(id) : undefined;
    return editor ? `${editor.name}'s draft` : what;
  }

  /** The publish a restart dropped, for the publishers to see (and publish again). */
  private dropped(names: ReadonlyMap<string, Editor>): Dropped | null {
    const dropped = this.publisher.dropped();
    if (!dropped) return null;
    const draft = /^drafts\/(.+)$/.exec(dropped.what)?.[1] ?? null;
    return { what: this.described(dropped.what, names), draft, restores: dropped.restores ?? null, by: dropped.by.name, at: dropped.startedAt };
  }
}
