/**
 * The publish's own clone of the site's repository (<state>/publish/clone): where drafts are merged,
 * checked and built, and from where main and the published tags are pushed. Kept apart from the
 * editors' drafts (repository.ts), so a publish never moves a ref or a work tree an editor uses.
 * Git as everywhere in the hosted editor (git.ts): fixed arguments, no hooks, no prompts.
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { git, GitError, Queue } from '../repo/git';
import { isLocalRemote, type Person } from '../repo/repository';
import { pushFailure, type PushRefusalKind } from './push';

export const TAG_PREFIX = 'published/';
export const MAIN = 'refs/remotes/origin/main';
export const draftRef = (id: string) => `refs/remotes/origin/drafts/${id}`;

/** The remote refused a push (push.ts): merging again cannot help. `answer` is git's, for the log. */
export class PushRefused extends Error {
  constructor(
    readonly kind: PushRefusalKind,
    /** The remote's ref: refs/heads/main, refs/tags/published/3. */
    readonly ref: string,
    readonly answer: GitError,
  ) {
    super(`The push to ${ref} was refused (${kind})`);
    this.name = 'PushRefused';
  }
}

export class PublishClone {
  /** The remote is on this disk (a path or file://): its stale locks can be removed here (push.ts). */
  readonly localRemote: boolean;
  private readonly allowFile: boolean;
  private readonly fetches = new Queue();
  private fetchedAt = 0;

  constructor(
    /** Its work tree. */
    readonly dir: string,
    private readonly remote: string,
    /** Who commits and tags (the publisher is the author). */
    private readonly committer: Person,
  ) {
    this.allowFile = isLocalRemote(remote);
    this.localRemote = this.allowFile;
  }

  git(args: string[], env?: Record<string, string>, input?: string): Promise<string> {
    return git(args, { cwd: this.dir, allowFile: this.allowFile, ...(env ? { env } : {}), ...(input === undefined ? {} : { input }) });
  }

  /** Makes the clone if it is not there; its remote is always the configured one. */
  async open(): Promise<void> {
    if (!existsSync(path.join(this.dir, '.git'))) {
      rmSync(this.dir, { recursive: true, force: true });
      await git(['clone', '--quiet', '--no-checkout', this.remote, this.dir], { allowFile: this.allowFile });
    }
    await this.git(['remote', 'set-url', 'origin', this.remote]);
  }

  /** main, the drafts and the published tags as the remote has them now (or at most `maxAgeMs` ago). */
  fetch(maxAgeMs = 0): Promise<void> {
    return this.fetches.run(async () => {
      if (Date.now() - this.fetchedAt < maxAgeMs) return;
      const started = Date.now();
      await this.git(['fetch', '--quiet', '--prune', '--prune-tags', '--force', 'origin', '+refs/heads/main:refs/remotes/origin/main', '+refs/heads/drafts/*:refs/remotes/origin/drafts/*', `+refs/tags/${TAG_PREFIX}*:refs/tags/${TAG_PREFIX}*`]);
      this.fetchedAt = started;
    });
  }

  /** The commit `ref` names, or null when there is none. */
  async rev(ref: string): Promise<string | null> {
    try {
      return (await this.git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`])).trim();
    } catch (error) {
      if (error instanceof GitError) return null;
      throw error;
    }
  }

  async isAncestor(ancestor: string, descendant: string): Promise<boolean> {
    try {
      await this.git(['merge-base', '--is-ancestor', ancestor, descendant]);
      return true;
    } catch (error) {
      if (error instanceof GitError && error.code === 1) return false;
      throw error;
    }
  }

  /** The blob (or tree) at `file` in `commit`, or null when it has none. */
  async objectAt(commit: string, file: string): Promise<string | null> {
    try {
      return (await this.git(['rev-parse', '--verify', '--quiet', `${commit}:${file}`])).trim();
    } catch (error) {
      if (error instanceof GitError) return null;
      throw error;
    }
  }

  /** A text file of `commit`, or undefined when it has none. */
  async show(commit: string, file: string): Promise<string | undefined> {
    try {
      return await this.git(['show', `${commit}:${file}`]);
    } catch (error) {
      if (error instanceof GitError) return undefined;
      throw error;
    }
  }

  /**
   * The remote's `ref` becomes `source` if that is a fast-forward (never forced): 'moved' when the
   * ref moved meanwhile (or a tag's name was taken); PushRefused when the remote refused the push.
   */
  async push(source: string, ref: string): Promise<'pushed' | 'moved'> {
    try {
      await this.git(['push', '--quiet', '--no-verify', 'origin', `${source}:${ref}`]);
      return 'pushed';
    } catch (error) {
      if (!(error instanceof GitError)) throw error;
      const failure = pushFailure(error);
      if (failure === 'moved') return 'moved';
      if (failure) throw new PushRefused(failure, ref, error);
      throw error;
    }
  }

  /** The environment of a commit or tag by `author`, committed by the server. */
  commitEnv(author: Person): Record<string, string> {
    // Newlines and angle brackets would break the author line.
    const clean = (value: string) => value.replace(/[\r\n<>]/g, ' ').trim();
    return {
      GIT_AUTHOR_NAME: clean(author.name),
      GIT_AUTHOR_EMAIL: clean(author.email),
      GIT_COMMITTER_NAME: clean(this.committer.name),
      GIT_COMMITTER_EMAIL: clean(this.committer.email),
    };
  }
}
