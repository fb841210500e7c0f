/**
 * The publishing API of the hosted editor (/_editor/api/publish/…, src/editor/publish-protocol.ts):
 * an editor marks their draft ready for review; a publisher (role `publisher` in editors.yaml, read
 * at every request) reviews, publishes, publishes again and rolls back. The marks are kept in the
 * server's state folder, so a restart keeps them.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import * as z from 'zod';
import type { MyDraftResponse, ReadyDraft, ReviewResponse } from '../../../../src/editor/publish-protocol';
import { readJson, Refusal, sendJson } from '../../http';
import { editorId, whomToAsk, type Editor } from '../editors';
import type { Publisher } from './publisher';

const DraftIdSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,99}$/);
const ReadyRequestSchema = z.object({ ready: z.boolean() }).strict();
const PublishRequestSchema = z
  .object({
    draft: DraftIdSchema,
    decisions: z.array(z.object({ key: z.string().regex(/^[0-9a-f]{24}$/), choice: z.enum(['live', 'draft']) }).strict()).max(1000).default([]),
  })
  .strict();
const RollbackRequestSchema = z.object({ tag: z.string().max(40) }).strict();
/** How long the account bar's question may be answered from the last fetch of the drafts. */
const MINE_MAX_AGE_MS = 5000;
const ReadyMarksSchema = z.record(z.string(), z.object({ at: z.string() }));

/** Which drafts their editors marked ready for review, kept in the state folder. */
class ReadyMarks {
  constructor(private readonly file: string) {
    mkdirSync(path.dirname(file), { recursive: true });
  }

  read(): Record<string, { at: string }> {
    try {
      return ReadyMarksSchema.parse(JSON.parse(readFileSync(this.file, 'utf8')) as unknown);
    } catch {
      return {};
    }
  }

  set(id: string, ready: boolean): void {
    const marks = this.read();
    if (ready) marks[id] ??= { at: new Date().toISOString() };
    else delete marks[id];
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
  /** The signed-in editor; `fresh` reads editors.yaml from the remote now (writes). */
  signedIn(req: IncomingMessage, fresh?: boolean): Promise<SignedPerson>;
  editors(): Promise<Editor[]>;
  /** After main moved (published, rolled back): the server's own copy catches up. */
  mainMoved(): Promise<void>;
  log(entry: Record<string, unknown>): void;
}

export class PublishingApi {
  private readonly marks: ReadyMarks;

  constructor(
    private readonly publisher: Publisher,
    stateDir: string,
    private readonly context: PublishingContext,
  ) {
    this.marks = new ReadyMarks(path.join(stateDir, 'publish', 'ready.json'));
  }

  private async publisherOnly(req: IncomingMessage, fresh: boolean): Promise<SignedPerson> {
    const person = await this.context.signedIn(req, fresh);
    if (person.editor.role !== 'publisher') {
      throw new Refusal(403, {
        error: 'Only publishers may publish or roll back the live site.',
        hint: `Mark your draft "Ready for review": ${whomToAsk(await this.context.editors())} will publish it.`,
      });
    }
    return person;
  }

  /** `maxAgeMs`: the account bar asks every few seconds; a change of the mark asks the remote now. */
  private async mine(id: string, maxAgeMs = 0): Promise<MyDraftResponse> {
    await this.publisher.fetch(maxAgeMs);
    const preview = await this.publisher.preview(id);
    return { ready: preview !== null && id in this.marks.read(), files: preview?.files.map((file) => file.file) ?? [] };
  }

  /** Serves `publish/<endpoint>`; the caller has checked the request came from the editor's own origin. */
  async serve(req: IncomingMessage, res: ServerResponse, endpoint: string, method: string): Promise<void> {
    try {
      await this.answer(req, res, endpoint, method);
    } catch (error) {
      if (error instanceof Refusal) throw error;
      // Answered here, whatever state the request is in: a publisher must never read a failure as done.
      this.context.log({ event: 'publish-error', endpoint, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      throw new Refusal(500, {
        error: "The editor's server ran into a problem while publishing.",
        hint: 'Reload this page: it shows what is live and whether a publish waits for "Publish again". If it happens again, tell the site\'s administrator.',
      });
    }
  }

  private async answer(req: IncomingMessage, res: ServerResponse, endpoint: string, method: string): Promise<void> {
    const key = `${method} ${endpoint}`;
    if (key === 'GET mine') {
      const { id } = await this.context.signedIn(req);
      return sendJson(res, 200, await this.mine(id, MINE_MAX_AGE_MS));
    }
    if (key === 'POST ready') {
      const { ready } = await readJson(req, ReadyRequestSchema);
      const { id, editor } = await this.context.signedIn(req, true);
      const now = await this.mine(id);
      if (ready && now.files.length === 0) {
        throw new Refusal(409, { error: 'Your draft has no changes to review: it is the same as the live site.', hint: 'Edit a page and save it first.' });
      }
      this.marks.set(id, ready);
      this.context.log({ event: ready ? 'ready-for-review' : 'not-ready', email: editor.email, draft: `drafts/${id}` });
      return sendJson(res, 200, { ...now, ready } satisfies MyDraftResponse);
    }
    if (key === 'GET review') {
      await this.publisherOnly(req, false);
      return sendJson(res, 200, await this.review());
    }
    if (key === 'POST publish') {
      const request = await readJson(req, PublishRequestSchema);
      const { editor } = await this.publisherOnly(req, true);
      const answer = await this.publisher.publish(request.draft, { name: editor.name, email: editor.email }, request.decisions);
      if ('published' in answer || 'nothing' in answer) this.marks.set(request.draft, false);
      if ('published' in answer) await this.context.mainMoved();
      return sendJson(res, 200, answer);
    }
    if (key === 'POST again') {
      await this.publisherOnly(req, true);
      const tag = await this.publisher.publishAgain();
      await this.context.mainMoved();
      return sendJson(res, 200, { published: tag });
    }
    if (key === 'POST rollback') {
      const { tag } = await readJson(req, RollbackRequestSchema);
      const { editor } = await this.publisherOnly(req, true);
      const published = await this.publisher.rollback(tag, { name: editor.name, email: editor.email });
      await this.context.mainMoved();
      return sendJson(res, 200, { published });
    }
    throw new Refusal(404, { error: `The editor has no publishing request ${endpoint}.` });
  }

  /** The ready drafts with what publishing each would change on the live site; the published versions. */
  private async review(): Promise<ReviewResponse> {
    if (!this.publisher.busy()) await this.publisher.fetch();
    const names = new Map((await this.context.editors()).map((editor) => [editorId(editor.email), editor]));
    const drafts: ReadyDraft[] = [];
    for (const [id, mark] of Object.entries(this.marks.read())) {
      const preview = await this.publisher.preview(id);
      // Published (or emptied) since it was marked: no longer waiting.
      if (!preview) continue;
      const editor = names.get(id);
      drafts.push({ draft: id, name: editor?.name ?? id, email: editor?.email ?? '', readyAt: mark.at, ...preview });
    }
    const versions = (await this.publisher.versions()).map((version) => {
      const id = /^drafts\/(.+)$/.exec(version.what)?.[1];
      const editor = id ? names.get(id) : undefined;
      return editor ? { ...version, what: `${editor.name}'s draft` } : version;
    });
    const refusal = await this.publisher.codeRefusal();
    return { drafts, versions, busy: this.publisher.busy(), unfinished: this.publisher.unfinished(), refusal: refusal ? { error: refusal.body.error, hint: refusal.body.hint ?? null } : null };
  }
}
