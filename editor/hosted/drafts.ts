/**
 * The drafts' work trees of the hosted editor, each with the editor's API over it (../server/api.ts):
 * one per editor listed (bounded by editors.yaml), made on first use; their content only for the few
 * used last (loaded-drafts.ts).
 */
import type { Clock } from './clock';
import path from 'node:path';
import { namesKeptBy } from '../../scripts/authoring/kept-names';
import { contentPaths } from '../../scripts/authoring/page-files';
import { endpoints, type Handler } from '../server/api';
import { DraftChecker } from '../server/draft-check';
import type { Routes } from '../server/http';
import type { Prepare } from '../server/page-checks';
import { HOSTED_MAX_UPLOAD_BYTES } from '../server/upload';
import type { SiteRepository } from '../repo/repository';
import { LoadedDrafts } from './loaded-drafts';

export interface Draft {
  id: string;
  /** Its work tree. */
  dir: string;
  handlers: Routes<Handler>;
  publicDir: string;
  /** Its content is read afresh at the next request (after a write, or the draft moved to the remote's). */
  invalidate: () => void;
}

export class DraftWorkTrees {
  private readonly drafts = new Map<string, Promise<Draft>>();
  private readonly loaded: LoadedDrafts;

  constructor(
    private readonly root: string,
    private readonly stateDir: string,
    private readonly repository: SiteRepository,
    /** What an editor sends, made into its text and checked on its own off the serving thread (check-threads.ts). */
    private readonly prepare: Prepare,
    /** The server's clock: the editor's preview shows the pages for its date in India. */
    private readonly clock: Clock,
  ) {
    this.loaded = new LoadedDrafts(path.join(stateDir, 'cache'));
  }

  /** The draft of editor `id`, its work tree made (or checked) the first time. */
  of(id: string): Promise<Draft> {
    let draft = this.drafts.get(id);
    if (!draft) {
      draft = this.open(id);
      this.drafts.set(id, draft);
      draft.catch(() => this.drafts.delete(id));
    }
    return draft;
  }

  private async open(id: string): Promise<Draft> {
    const dir = await this.repository.worktree(id);
    const paths = contentPaths(dir);
    const load = () => this.loaded.content(id, dir);
    const invalidate = () => this.loaded.forget(id);
    const checker = new DraftChecker(paths, path.join(this.stateDir, 'scratch', id));
    // Photos are committed for everyone to see: no camera metadata (the GPS position), and no larger than 20 MB.
    const uploads = { maxBytes: HOSTED_MAX_UPLOAD_BYTES, stripMetadata: true };
    // A name git leaves out (pages/dist/…) is refused before it is written: it would never be committed.
    const whyNotKept = namesKeptBy(dir);
    const today = () => this.clock.todayInIndia();
    const handlers = endpoints(paths, { root: this.root, contentRoot: dir, load, invalidate, uploads, whyNotKept, prepare: this.prepare, today }, checker);
    return { id, dir, handlers, publicDir: paths.publicDir, invalidate };
  }
}
