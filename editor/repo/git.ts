/**
 * Git for the hosted editor: always the git binary through execFile with an argument array (never a
 * shell), arguments the server makes itself (branch names it derives, paths after `--`), the remote
 * only from the server's configuration, no hooks, no prompts (a push waiting for a password would
 * hang the save), no signing, and only the transports the remote needs.
 */
import { execFile } from 'node:child_process';

export class GitError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
    readonly code: number | string | null,
  ) {
    // The command and git's words go to the server's log, never to the editor (they name paths of the server).
    super(`git ${args.join(' ')} failed (${String(code)}): ${stderr.trim()}`);
    this.name = 'GitError';
  }
}

export interface GitOptions {
  /** A work tree to run in (`git -C`). */
  cwd?: string;
  /** A bare repository (`--git-dir`). */
  gitDir?: string;
  /** Extra environment (author and committer of a commit). */
  env?: Record<string, string>;
  /** Bytes for git's standard input (hash-object --stdin). */
  input?: string;
  /** Whether `file://` and local paths may be fetched from and pushed to (a remote on this disk). */
  allowFile?: boolean;
}

const TIMEOUT_MS = 120_000;

/** The settings every call carries, whatever the user's or the system's git configuration says. */
function safety(allowFile: boolean): string[] {
  return [
    // A file's name is a name, never a pattern: `pages/*.yaml` names that one file, not every page.
    '--literal-pathspecs',
    '-c', 'core.hooksPath=/dev/null',
    '-c', 'commit.gpgSign=false',
    '-c', 'tag.gpgSign=false',
    '-c', 'protocol.allow=never',
    '-c', 'protocol.https.allow=always',
    '-c', 'protocol.ssh.allow=always',
    '-c', `protocol.file.allow=${allowFile ? 'always' : 'never'}`,
    '-c', 'core.quotePath=false',
    '-c', 'init.defaultBranch=main',
  ];
}

/** Runs git and returns what it printed, or throws a GitError. */
export function git(args: readonly string[], { cwd, gitDir, env = {}, input, allowFile = false }: GitOptions = {}): Promise<string> {
  const argv = [...safety(allowFile), ...(gitDir ? [`--git-dir=${gitDir}`] : []), ...(cwd ? ['-C', cwd] : []), ...args];
  return new Promise((resolve, reject) => {
    const child = execFile(
      'git',
      argv,
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: TIMEOUT_MS,
        env: {
          PATH: process.env.PATH ?? '/usr/bin:/bin',
          HOME: process.env.HOME ?? '/nonexistent',
          ...(process.env.SSH_AUTH_SOCK ? { SSH_AUTH_SOCK: process.env.SSH_AUTH_SOCK } : {}),
          ...(process.env.GIT_SSH_COMMAND ? { GIT_SSH_COMMAND: process.env.GIT_SSH_COMMAND } : {}),
          GIT_TERMINAL_PROMPT: '0',
          GIT_CONFIG_NOSYSTEM: '1',
          GCM_INTERACTIVE: 'never',
          LC_ALL: 'C',
          ...env,
        },
      },
      (error, stdout, stderr) => {
        if (error) reject(new GitError(args, stderr, (error as NodeJS.ErrnoException & { code?: number | string }).code ?? null));
        else resolve(stdout);
      },
    );
    if (input !== undefined) child.stdin?.end(input);
  });
}

/** Runs `task` after every task queued before it: one at a time (git refs, work trees, the index). */
export class Queue {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const next = this.last.then(task, task);
    this.last = next.catch(() => undefined);
    return next;
  }
}
