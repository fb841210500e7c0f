/**
 * When each page last changed, for the sitemap's <lastmod>: the date of the last commit that touched
 * its file, or the file's modification time where git knows nothing better (content outside a
 * repository, git not installed, a file not committed yet or changed since its last commit).
 *
 * Git is asked once for the whole history of the files (one `git log`, read in one pass) and once for
 * what is uncommitted, however many pages there are: a call per page would cost seconds on a large site.
 * Git runs beside the build (committedDates, started when the page files are listed): waited for in
 * turn, its three runs held the real site's build 0.1–0.15 s.
 */
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * `files` (relative to `contentRoot`, e.g. pages/etabs.yaml) → when each last changed, as a W3C date-time in
 * UTC, from `committed` (committedDates of these files or more). `knownMtime` gives a file's modification
 * time where the caller already read it.
 */
export function lastModified(contentRoot: string, files: readonly string[], committed: ReadonlyMap<string, number>, knownMtime: (file: string) => number | undefined = () => undefined): Map<string, string> {
  const dates = new Map<string, string>();
  for (const file of files) {
    const seconds = committed.get(file);
    dates.set(file, w3cDate(seconds !== undefined ? seconds * 1000 : (knownMtime(file) ?? statSync(path.join(contentRoot, file)).mtimeMs)));
  }
  return dates;
}

/** `2025-03-04T05:06:07Z`: the form sitemaps take, to the second. */
function w3cDate(milliseconds: number): string {
  return new Date(Math.floor(milliseconds / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

/** What git printed, or undefined if it could not run or failed (no repository, no git). */
const git = (cwd: string, args: string[]) =>
  new Promise<string | undefined>((resolve) => {
    execFile('git', args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }, (error, stdout) => resolve(error ? undefined : stdout));
  });

/**
 * The commit time (seconds) of each file's last commit, for the files that are committed and unchanged
 * since; none when the folder is in no repository or git cannot run. Never rejects.
 */
export async function committedDates(contentRoot: string, files: readonly string[]): Promise<Map<string, number>> {
  const dates = new Map<string, number>();
  // Where the content is inside its repository (`` at its top): git names files from the top. Its
  // history and what is uncommitted are asked at the same time.
  const [prefix, log, status] = await Promise.all([
    git(contentRoot, ['rev-parse', '--show-prefix']),
    // Newest first: a line `\x01<seconds>` per commit, then the files it touched.
    // Folders' names are names, never patterns (`--literal-pathspecs`).
    git(contentRoot, ['--literal-pathspecs', '-c', 'core.quotePath=false', 'log', '--format=%x01%ct', '--name-only', '--no-renames', '--', ...new Set(files.map((file) => path.posix.dirname(file)))]),
    git(contentRoot, ['--literal-pathspecs', 'status', '--porcelain=v1', '-z', '--untracked-files=all', '--', '.']),
  ]);
  if (prefix === undefined || log === undefined) return dates;
  const fromTop = new Map(files.map((file) => [`${prefix.trim()}${file}`, file]));
  let seconds = 0;
  for (const line of log.split('\n')) {
    if (line.startsWith('\x01')) seconds = Number(line.slice(1));
    else {
      const file = fromTop.get(line);
      if (file !== undefined && !dates.has(file)) dates.set(file, seconds);
    }
  }

  // Changed or new since the last commit: its own time says when.
  if (status === undefined) return new Map();
  for (const entry of status.split('\0')) {
    const file = fromTop.get(entry.slice(3));
    if (file !== undefined) dates.delete(file);
  }
  return dates;
}
