/**
 * The server's copy of the site's repository (a bare repository in the state folder) and the editors'
 * drafts in it: each draft is the branch `drafts/<editor id>` with its own work tree, on which the
 * editor API runs as it runs on a checkout in `npm run dev`. Every save is one commit on the draft,
 * authored by the editor, pushed to the remote before the save answers; the remote is the only state
 * that matters (a restart, or a lost state folder, loses nothing that was saved).
 *
 * main is only ever read here (editors.yaml, the base of new drafts): nothing in this file pushes it.
 *
 * Who waits for whom: each draft's work (its work tree, its branch) takes turns in the draft's own
 * queue, so one editor's save never waits for another's; what the drafts share (fetching from the
 * remote, which writes main and the remote-tracking refs; adding and pruning work trees) takes turns
 * in one short shared section. Nothing in either waits for a request's body (server.ts reads it first).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { EditorsFileProblem } from './editors';
import { git, GitError, Queue } from './git';
import { removeStaleLocks } from './stale-locks';
import { refuseLinksInCommit, refuseLinksInIndex } from './tree-links';
import { refuseUnkept, untrackedFiles } from './unkept-files';
import { ADMIN } from '../errors';

export interface Person {
  name: string;
  email: string;
}

export interface RepositoryOptions {
  /** The state folder: the bare repository and the drafts' work trees go in it. */
  stateDir: string;
  /** The site's repository (an https or ssh URL, or a path on this disk). Only from the server's configuration. */
  remote: string;
  /** Who commits (the editor is the author). */
  committer: Person;
  /** How long a fetched main is trusted for reading editors.yaml (ms); writes always fetch first. */
  mainMaxAgeMs: number;
  /** Told of what start-up cleans up (locks git stopped halfway left). */
  log?: (entry: Record<string, unknown>) => void;
}

/** A remote on this disk (a path or file://), for which git's file transport is allowed. */
export function isLocalRemote(remote: string): boolean {
  return remote.startsWith('file://') || remote.startsWith('/') || remote.startsWith('.');
}

/** Newlines and angle brackets would break a commit's author line: never from a name or an email. */
function clean(value: string): string {
  return value.replace(/[\r\n<>]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A draft branch's name from an editor id the server made (editorId): checked again, since it becomes a ref. */
function draftBranch(id: string): string {
  if (!/^[a-z0-9][a-z0-9-]{0,99}$/.test(id)) throw new Error(`Not a draft id: ${JSON.stringify(id)}`);
  return `drafts/${id}`;
}

export interface Commit {
  sha: string;
  files: string[];
}

export class SiteRepository {
  readonly gitDir: string;
  readonly draftsDir: string;
  private readonly allowFile: boolean;
  /** Fetches, and making or pruning work trees: what every draft shares. */
  private readonly shared = new Queue();
  /** A draft's own work: following the remote, saving (its work tree, its index, its branch). */
  private readonly draftQueues = new Map<string, Queue>();
  /** A fetch queued but not started: whoever asks meanwhile joins it rather than queueing another. */
  private nextFetch: Promise<void> | null = null;
  private fetchedAt = 0;
  /** When this server made it: a lock older than that is no git of this server's. */
  private readonly openedAt = Date.now();
  /** main's commit as last fetched. */
  private mainCommit = '';
  /** Files of main as read from a commit (mainFile): one entry per file name asked for, the one file being editors.yaml. */
  private readonly mainFiles = new Map<string, { commit: string; read: Promise<string | undefined> }>();

  constructor(private readonly options: RepositoryOptions) {
    this.gitDir = path.join(options.stateDir, 'repository.git');
    this.draftsDir = path.join(options.stateDir, 'drafts');
    this.allowFile = isLocalRemote(options.remote);
  }

  /** The queue of a draft (one per editor listed: bounded by editors.yaml). */
  private draftQueue(id: string): Queue {
    let queue = this.draftQueues.get(id);
    if (!queue) {
      queue = new Queue();
      this.draftQueues.set(id, queue);
    }
    return queue;
  }

  private run(args: string[], extra: { cwd?: string; env?: Record<string, string>; input?: string } = {}): Promise<string> {
    return git(args, { ...(extra.cwd ? { cwd: extra.cwd } : { gitDir: this.gitDir }), ...(extra.env ? { env: extra.env } : {}), ...(extra.input === undefined ? {} : { input: extra.input }), allowFile: this.allowFile });
  }

  /** Makes the bare repository if it is not there, points it at the configured remote, and fetches. */
  async open(): Promise<void> {
    mkdirSync(this.draftsDir, { recursive: true });
    // A save or a fetch killed halfway (the drafts' work trees keep their index and HEAD in it too): nothing of this server runs git yet.
    const { removed, leftInUse } = removeStaleLocks(this.gitDir, this.openedAt);
    for (const lock of removed) this.options.log?.({ event: 'repository-lock-removed', lock, reason: 'left by git stopped halfway before this server started' });
    for (const lock of leftInUse) this.options.log?.({ event: 'repository-lock-kept', lock, reason: 'another program is working in the repository' });
    if (!existsSync(path.join(this.gitDir, 'HEAD'))) await git(['init', '--quiet', '--bare', this.gitDir]);
    // The remote always comes from the configuration, whatever an earlier run left in the repository.
    const remotes = (await this.run(['remote'])).split('\n');
    await this.run(remotes.includes('origin') ? ['remote', 'set-url', 'origin', this.options.remote] : ['remote', 'add', 'origin', this.options.remote]);
    await this.run(['config', '--replace-all', 'remote.origin.fetch', '+refs/heads/main:refs/heads/main']);
    await this.run(['config', '--add', 'remote.origin.fetch', '+refs/heads/drafts/*:refs/remotes/origin/drafts/*']);
    await this.run(['symbolic-ref', 'HEAD', 'refs/heads/main']);
    await this.refresh(true);
    if (!(await this.hasRef('refs/heads/main'))) throw new Error(ADMIN.text('ADMIN_REMOTE_NO_MAIN', { remote: this.options.remote }));
    await this.shared.run(() => this.run(['worktree', 'prune']));
  }

  private async hasRef(ref: string): Promise<boolean> {
    try {
      await this.run(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
      return true;
    } catch (error) {
      if (error instanceof GitError) return false;
      throw error;
    }
  }

  private async isAncestor(ancestor: string, descendant: string, cwd: string): Promise<boolean> {
    try {
      await this.run(['merge-base', '--is-ancestor', ancestor, descendant], { cwd });
      return true;
    } catch (error) {
      if (error instanceof GitError && error.code === 1) return false;
      throw error;
    }
  }

  /**
   * Fetches main and the drafts from the remote, unless it was done less than mainMaxAgeMs ago (or
   * `force`). A hundred sign-ins at once make one or two fetches, not a hundred in a row: a fetch that
   * has not started yet starts after this call, so it is fresh enough for it.
   */
  refresh(force = false): Promise<void> {
    return this.refreshWithin(force ? 0 : this.options.mainMaxAgeMs);
  }

  /** Fetches as refresh does, unless the last fetch is less than `maxAgeMs` old (a stranger's sign-in: at most once in a while). */
  refreshWithin(maxAgeMs: number): Promise<void> {
    if (maxAgeMs > 0 && Date.now() - this.fetchedAt < maxAgeMs) return Promise.resolve();
    this.nextFetch ??= this.shared.run(async () => {
      this.nextFetch = null;
      await this.run(['fetch', '--quiet', '--prune', '--no-tags', 'origin']);
      // main moves only here: what was read of it is kept by this commit (mainFile).
      this.mainCommit = (await this.run(['rev-parse', '--verify', '--quiet', 'refs/heads/main^{commit}']).catch(() => '')).trim();
      this.fetchedAt = Date.now();
    });
    return this.nextFetch;
  }

  /**
   * A file of main as it is on the remote (fresh within mainMaxAgeMs), or undefined when main has none,
   * with the commit it was read from. Read once per fetched commit of main, not per request: the preview's
   * files and every API call ask who is listed, and main changes only when a fetch moves it.
   */
  async mainFile(file: 'editors.yaml'): Promise<{ commit: string; text: string | undefined }> {
    await this.refresh();
    const commit = this.mainCommit;
    const kept = this.mainFiles.get(file);
    if (kept?.commit !== commit) {
      const read = this.readMainFile(commit, file);
      this.mainFiles.set(file, { commit, read });
      // git not answering is no answer about the commit: the next request reads it again.
      read.catch((error: unknown) => {
        if (!(error instanceof EditorsFileProblem) && this.mainFiles.get(file)?.read === read) this.mainFiles.delete(file);
      });
    }
    const { read } = this.mainFiles.get(file)!;
    return { commit, text: await read };
  }

  private async readMainFile(commit: string, file: string): Promise<string | undefined> {
    // A link committed as editors.yaml: `git show` would print where it leads (a path of anyone's choosing).
    const [mode] = (await this.run(['ls-tree', '-z', commit, '--', file])).split(' ');
    if (mode === '120000' || mode === '160000') {
      throw new EditorsFileProblem(`${file} on main is a link to another file, which the editor never follows: a developer must replace it with the list itself.`);
    }
    try {
      return await this.run(['show', `${commit}:${file}`]);
    } catch (error) {
      if (error instanceof GitError && /does not exist|exists on disk, but not in/.test(error.stderr)) return undefined;
      throw error;
    }
  }

  /** The work tree of an editor's draft, made (from their branch on the remote, or from main) if it is not there. */
  worktree(id: string): Promise<string> {
    const branch = draftBranch(id);
    const dir = path.join(this.draftsDir, id);
    if (existsSync(path.join(dir, '.git'))) {
      // Made by an earlier run: what it holds is looked at again.
      return this.draftQueue(id).run(async () => {
        await refuseLinksInCommit((args) => this.run(args, { cwd: dir }), 'HEAD', 'open');
        return dir;
      });
    }
    return this.shared.run(async () => {
      if (existsSync(path.join(dir, '.git'))) return dir;
      await this.run(['worktree', 'prune']);
      const made = await this.hasRef(`refs/heads/${branch}`);
      const start = made ? `refs/heads/${branch}` : (await this.hasRef(`refs/remotes/origin/${branch}`)) ? `refs/remotes/origin/${branch}` : 'refs/heads/main';
      // Before a branch is made from it or it is checked out: a link in it would be made on the disk.
      await refuseLinksInCommit((args) => this.run(args), start, 'open');
      if (!made) await this.run(['branch', '--no-track', branch, start]);
      await this.run(['worktree', 'add', '--quiet', dir, branch]);
      return dir;
    });
  }

  /**
   * Someone moved the draft on the remote (a developer, a publisher fixing it with git): its work
   * tree moves forward to it. True when it moved (what was read of its files is out of date).
   */
  follow(id: string): Promise<boolean> {
    const branch = draftBranch(id);
    return this.draftQueue(id).run(() => this.followRemote(branch, path.join(this.draftsDir, id)));
  }

  private async followRemote(branch: string, dir: string): Promise<boolean> {
    let here: string;
    let there: string;
    try {
      [here = '', there = ''] = (await this.run(['rev-parse', 'HEAD', `refs/remotes/origin/${branch}`], { cwd: dir })).split('\n');
    } catch (error) {
      // Not on the remote yet: nothing to follow.
      if (error instanceof GitError) return false;
      throw error;
    }
    if (here === there || !(await this.isAncestor(here, there, dir))) return false;
    await refuseLinksInCommit((args) => this.run(args, { cwd: dir }), there, 'follow');
    await this.run(['merge', '--quiet', '--ff-only', there], { cwd: dir });
    return true;
  }

  /**
   * Runs `write` on the draft's work tree, then commits what it changed in pages/ and public/ as one
   * commit by `author` and pushes it. When anything fails (the write, the commit, the push) the work
   * tree is put back as it was, so what the remote has and what the draft shows stay the same.
   * The result is null when the write changed nothing. `write` is told whether the work tree first
   * moved to the remote's branch (what was read of its files before is then out of date).
   */
  write<T>(id: string, author: Person, message: (files: string[]) => string, write: (worktree: string, moved: boolean) => Promise<T>): Promise<{ result: T; commit: Commit | null }> {
    const branch = draftBranch(id);
    const dir = path.join(this.draftsDir, id);
    return this.draftQueue(id).run(async () => {
      // This write is checked against the draft as the remote has it now.
      const moved = await this.followRemote(branch, dir);
      const inTree = (args: string[]) => this.run(args, { cwd: dir });
      // Read-only questions asked at once: each is a process of its own.
      const [head, untracked] = await Promise.all([this.run(['rev-parse', 'HEAD'], { cwd: dir }), untrackedFiles(inTree)]);
      const before = head.trim();
      const restore = async () => {
        await this.run(['reset', '--quiet', '--hard', before], { cwd: dir });
        await this.run(['clean', '--quiet', '-d', '--force', '--', 'pages', 'public'], { cwd: dir });
      };
      try {
        const result = await write(dir, moved);
        await this.run(['add', '--all', '--', 'pages', 'public'], { cwd: dir });
        // Never a link or a submodule committed, nor "Saved" said of a file the commit does not hold.
        const [, , changed] = await Promise.all([refuseLinksInIndex(inTree), refuseUnkept(inTree, dir, untracked), this.run(['diff', '--cached', '--name-only', '-z'], { cwd: dir })]);
        const files = changed.split('\0').filter(Boolean);
        if (files.length === 0) return { result, commit: null };
        const env = {
          GIT_AUTHOR_NAME: clean(author.name),
          GIT_AUTHOR_EMAIL: clean(author.email),
          GIT_COMMITTER_NAME: clean(this.options.committer.name),
          GIT_COMMITTER_EMAIL: clean(this.options.committer.email),
        };
        await this.run(['commit', '--quiet', '--no-verify', '--file=-'], { cwd: dir, env, input: message(files) });
        const sha = (await this.run(['rev-parse', 'HEAD'], { cwd: dir })).trim();
        // Before the answer: "Saved" means the remote has it. To the remote's address, not `origin`, so
        // the push writes no remote-tracking ref: only a fetch (the shared section) writes those.
        await this.run(['push', '--quiet', '--no-verify', this.options.remote, `refs/heads/${branch}:refs/heads/${branch}`]);
        return { result, commit: { sha, files } };
      } catch (error) {
        await restore();
        throw error;
      }
    });
  }

  /**
   * The authors' addresses of the draft's own commits (those main does not hold), oldest first, on the
   * remote or here: whose draft it is (hosted/draft-owners.ts). Empty when there is no such branch or commit.
   */
  async draftAuthors(id: string): Promise<string[]> {
    const branch = draftBranch(id);
    await this.refresh();
    for (const ref of [`refs/remotes/origin/${branch}`, `refs/heads/${branch}`]) {
      if (!(await this.hasRef(ref))) continue;
      const authors = (await this.run(['log', '--reverse', '--format=%ae', `refs/heads/main..${ref}`])).split('\n').filter(Boolean);
      if (authors.length > 0) return authors;
    }
    return [];
  }

  /** Every draft on the remote that changes a file, by file (`pages/etabs.yaml` → the drafts' ids). */
  async draftsChanging(): Promise<Map<string, string[]>> {
    await this.refresh();
    const refs = (await this.run(['for-each-ref', '--format=%(refname)', 'refs/remotes/origin/drafts/'])).split('\n').filter(Boolean);
    const byFile = new Map<string, string[]>();
    for (const ref of refs) {
      const id = ref.slice('refs/remotes/origin/drafts/'.length);
      const files = (await this.run(['diff', '--name-only', '-z', `refs/heads/main...${ref}`])).split('\0').filter(Boolean);
      for (const file of files) byFile.set(file, [...(byFile.get(file) ?? []), id]);
    }
    return byFile;
  }
}
