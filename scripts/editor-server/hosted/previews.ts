/**
 * The preview of a whole draft: after a save, an incremental build of the draft's work tree (the
 * same buildSite as `npm run build`, about a second for one changed page once its caches are warm),
 * served by the same local server as `npm start` (scripts/hosting/serve.ts: Hosting's redirects and
 * headers, from the draft's own content) on its own loopback port, a separate origin from the editor.
 * One build per draft at a time; a save during a build makes one more build after it.
 *
 * On this computer only: the preview's port is reachable from this machine, not from the editors'
 * browsers elsewhere (README, "The hosted editor"), so the server offers previews only on loopback.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSite } from '../../build/site-build';
import { loadContent } from '../../../src/content/load';
import { firebaseJsonText } from '../../hosting/firebase-json';
import { serve, type RunningServer } from '../../hosting/serve';

/** GET /_editor/api/preview */
export interface PreviewStatus {
  /** The draft's whole site, once built. */
  url: string | null;
  /** A build is running (or waiting for the one before it). */
  building: boolean;
  /** When the preview last changed (ISO time), if it did. */
  builtAt: string | null;
  /** How many content errors stopped the last build (the preview then shows the build before it). */
  errors: number;
}

interface Draft {
  worktree: string;
  running: Promise<void> | null;
  again: boolean;
  server: RunningServer | null;
  port: number;
  headers: string;
  builtAt: string | null;
  errors: number;
}

export interface PreviewOptions {
  /** The project (its code builds the draft's content). */
  root: string;
  stateDir: string;
  log: (entry: Record<string, unknown>) => void;
}

export class DraftPreviews {
  private readonly drafts = new Map<string, Draft>();
  private closed = false;

  constructor(private readonly options: PreviewOptions) {}

  status(id: string): PreviewStatus {
    const draft = this.drafts.get(id);
    return { url: draft?.server?.url ?? null, building: draft?.running !== null && draft !== undefined, builtAt: draft?.builtAt ?? null, errors: draft?.errors ?? 0 };
  }

  /** Whether the draft's preview was ever asked for since the server started. */
  has(id: string): boolean {
    return this.drafts.has(id);
  }

  /** Builds the draft's preview now, or once more after the build under way. */
  update(id: string, worktree: string): void {
    let draft = this.drafts.get(id);
    if (!draft) {
      draft = { worktree, running: null, again: false, server: null, port: 0, headers: '', builtAt: null, errors: 0 };
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
      const result = await buildSite({ root: this.options.root, contentRoot: draft.worktree, outDir: path.join(folder, 'site'), onWait: () => undefined });
      if (!result.ok) {
        draft.errors = result.errors.length;
        this.options.log({ event: 'preview-refused', draft: `drafts/${id}`, errors: result.errors.length });
        return;
      }
      draft.errors = 0;
      // Hosting's headers as the draft's content makes them (its maps, its sign-in domain).
      const content = loadContent({ root: draft.worktree });
      const headersFile = path.join(folder, 'firebase.json');
      const headers = content.site ? firebaseJsonText({ ...content, site: content.site }) : readFileSync(path.join(this.options.root, 'firebase.json'), 'utf8');
      if (headers !== draft.headers || !draft.server) {
        writeFileSync(headersFile, headers);
        draft.headers = headers;
        // serve.ts reads the headers when it starts: started again, on the same port.
        await draft.server?.close();
        if (this.closed) return;
        draft.server = await serve({ root: path.join(folder, 'site'), host: '127.0.0.1', port: draft.port, firebaseJson: headersFile });
        draft.port = Number(new URL(draft.server.url).port);
      }
      draft.builtAt = new Date().toISOString();
      this.options.log({ event: 'preview', draft: `drafts/${id}`, seconds: (Date.now() - started) / 1000 });
    } catch (error) {
      this.options.log({ event: 'preview-failed', draft: `drafts/${id}`, error: error instanceof Error ? error.message : String(error) });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const id of this.drafts.keys()) await this.settled(id);
    for (const draft of this.drafts.values()) await draft.server?.close();
  }
}
