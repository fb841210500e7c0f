/**
 * The builds of whole drafts: after a save, an incremental build of the draft's work tree (the same
 * buildSite as `npm run build`, 0.1–0.25 s for one changed page once its caches are warm), with
 * the Hosting headers its own content makes (its maps, its sign-in domain), answered by the same
 * request handler as `npm start` (scripts/hosting/serve.ts: Hosting's redirects and headers). Who may
 * see a build, and on which origin, is preview-access.ts's and server.ts's business.
 * One build per draft at a time; a save during a build makes one more build after it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSite } from '../../scripts/builder/site-build';
import type { Clock } from './clock';
import { ContentCache } from '../../src/content/cache';
import { loadContent } from '../../src/content/load';
import { firebaseJsonText } from '../../scripts/hosting/firebase-json';
import { siteHandler, type SiteHandler } from '../../scripts/hosting/serve';

/** GET /_editor/api/preview */
export interface PreviewStatus {
  /** Where the editor opens the draft's whole site (an address of the editor that lets them in), once built. */
  url: string | null;
  /** A build is running (or waiting for the one before it). */
  building: boolean;
  /** When the preview last changed (ISO time), if it did. */
  builtAt: string | null;
  /** How many content errors stopped the last build (the preview then shows the build before it). */
  errors: number;
}

/** A draft's last good build. */
export interface BuiltSite {
  /** The built files. */
  dir: string;
  /** Its firebase.json (the headers its content makes). */
  firebaseJson: string;
  /** Answers requests for it as Hosting would. */
  handler: SiteHandler;
}

interface Draft {
  worktree: string;
  /** The draft's pages as last read, kept between builds: only a changed file is read and checked again. */
  cache: ContentCache;
  running: Promise<void> | null;
  again: boolean;
  built: BuiltSite | null;
  builtAt: string | null;
  errors: number;
}

export interface PreviewOptions {
  /** The project (its code builds the draft's content). */
  root: string;
  stateDir: string;
  /**
   * Whether the server runs in emulator mode (zero-config): only then does a build's policy admit the
   * local Auth emulator. On a server, previews carry the live site's headers only.
   */
  localEmulator: boolean;
  log: (entry: Record<string, unknown>) => void;
  /** The server's clock: a preview is built for its date in India, as the live site is. */
  clock: Clock;
}

export class DraftPreviews {
  private readonly drafts = new Map<string, Draft>();
  private closed = false;

  constructor(private readonly options: PreviewOptions) {}

  /** The draft's build as its status says (`url` is the caller's to fill in). */
  status(id: string): Omit<PreviewStatus, 'url'> & { built: boolean } {
    const draft = this.drafts.get(id);
    return { built: Boolean(draft?.built), building: Boolean(draft?.running), builtAt: draft?.builtAt ?? null, errors: draft?.errors ?? 0 };
  }

  /** The draft's last good build, if there is one since the server started. */
  site(id: string): BuiltSite | null {
    return this.drafts.get(id)?.built ?? null;
  }

  /** Whether the draft's preview was ever asked for since the server started. */
  has(id: string): boolean {
    return this.drafts.has(id);
  }

  /** Builds the draft's preview now, or once more after the build under way. */
  update(id: string, worktree: string): void {
    if (this.closed) return;
    let draft = this.drafts.get(id);
    if (!draft) {
      draft = { worktree, cache: new ContentCache(path.join(this.options.stateDir, 'previews', id, 'content-cache')), running: null, again: false, built: null, builtAt: null, errors: 0 };
      this.drafts.set(id, draft);
    }
    if (draft.running) {
      draft.again = true;
      return;
    }
    const current = draft;
    current.running = this.build(id, current).finally(() => {
      current.running = null;
      if (current.again && !this.closed) {
        current.again = false;
        this.update(id, current.worktree);
      }
    });
  }

  /** Waits for the draft's builds under way (tests, and closing). */
  async settled(id: string): Promise<void> {
    while (this.drafts.get(id)?.running) await this.drafts.get(id)?.running;
  }

  private async build(id: string, draft: Draft): Promise<void> {
    const folder = path.join(this.options.stateDir, 'previews', id);
    mkdirSync(folder, { recursive: true });
    const started = Date.now();
    try {
      const dir = path.join(folder, 'site');
      const result = await buildSite({ root: this.options.root, today: this.options.clock.todayInIndia(), contentRoot: draft.worktree, outDir: dir, onWait: () => undefined });
      if (!result.ok) {
        draft.errors = result.errors.length;
        this.options.log({ event: 'preview-refused', draft: `drafts/${id}`, errors: result.errors.length });
        return;
      }
      draft.errors = 0;
      // Hosting's headers as the draft's content makes them (its maps, its sign-in domain).
      const content = loadContent({ root: draft.worktree, cache: draft.cache });
      const firebaseJson = path.join(folder, 'firebase.json');
      writeFileSync(firebaseJson, content.site ? firebaseJsonText({ ...content, site: content.site }) : readFileSync(path.join(this.options.root, 'firebase.json'), 'utf8'));
      // The handler reads the redirects and the headers when it is made: made again after every build.
      draft.built = { dir, firebaseJson, handler: siteHandler({ root: dir, firebaseJson, localEmulator: this.options.localEmulator }) };
      draft.builtAt = this.options.clock.iso();
      this.options.log({ event: 'preview', draft: `drafts/${id}`, seconds: (Date.now() - started) / 1000 });
    } catch (error) {
      this.options.log({ event: 'preview-failed', draft: `drafts/${id}`, error: error instanceof Error ? error.message : String(error) });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const id of this.drafts.keys()) await this.settled(id);
  }
}
