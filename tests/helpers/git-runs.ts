/**
 * Counts the git processes the server starts: a `git` of its own first on PATH, which writes its
 * arguments to a log and runs the real git. The server's git (editor/repo/git.ts) looks git up on
 * PATH as it is when each process starts, so the count covers every process from then on.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface GitRuns {
  /** Each git process started since the last call to `since`: its arguments, as one line. */
  since(): string[];
  /** PATH as it was. */
  restore(): void;
}

export function countGitRuns(dir: string): GitRuns {
  const bin = path.join(dir, 'counting-git');
  const log = path.join(dir, 'git-runs.log');
  mkdirSync(bin, { recursive: true });
  const real = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
  writeFileSync(path.join(bin, 'git'), `#!/bin/sh\nprintf '%s\\n' "$*" >> '${log}'\nexec '${real}' "$@"\n`);
  chmodSync(path.join(bin, 'git'), 0o755);
  writeFileSync(log, '');
  const before = process.env.PATH;
  process.env.PATH = `${bin}${path.delimiter}${before ?? ''}`;
  let read = 0;
  return {
    since() {
      const lines = existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
      const fresh = lines.slice(read);
      read = lines.length;
      return fresh;
    },
    restore() {
      process.env.PATH = before;
    },
  };
}
