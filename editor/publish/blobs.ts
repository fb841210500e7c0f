/**
 * Reading many files of the publish clone with a fixed number of git processes, however many there
 * are and however often a page names each: a folder of a commit listed once (`ls-tree`), then the
 * distinct files read together (`cat-file --batch-check`, then `--batch`), the largest left unread.
 * The review of a page listing one photo 26,000 times ran a git process (and a thumbnail) per entry.
 */
import { spawn } from 'node:child_process';
import type { PublishClone } from './clone';
import { GitError } from '../repo/git';

/** The files under `folder` of `commit`: path → blob id (none for a commit without the folder). */
export async function filesUnder(repo: PublishClone, commit: string, folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  let listed: string;
  try {
    listed = await repo.git(['ls-tree', '-r', '-z', '--full-tree', commit, '--', folder]);
  } catch {
    return files;
  }
  for (const entry of listed.split('\0')) {
    // <mode> SP <type> SP <id> TAB <path>
    const tab = entry.indexOf('\t');
    if (tab < 0) continue;
    const [, type, id] = entry.slice(0, tab).split(' ');
    if (type === 'blob' && id) files.set(entry.slice(tab + 1), id);
  }
  return files;
}

/** The size of each blob of `ids` (those the clone has). */
export async function blobSizes(repo: PublishClone, ids: readonly string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  if (ids.length === 0) return sizes;
  const answer = await repo.git(['cat-file', '--batch-check'], undefined, `${ids.join('\n')}\n`);
  for (const line of answer.split('\n')) {
    const [id, type, size] = line.split(' ');
    if (id && type === 'blob' && size) sizes.set(id, Number(size));
  }
  return sizes;
}

/** The bytes of each blob of `ids`, read by one git process (ids are hex: nothing of a file's name reaches git). */
export function readBlobs(repo: PublishClone, ids: readonly string[]): Promise<Map<string, Buffer>> {
  const wanted = [...new Set(ids)].filter((id) => /^[0-9a-f]{40,64}$/.test(id));
  if (wanted.length === 0) return Promise.resolve(new Map<string, Buffer>());
  return new Promise((resolve, reject) => {
    const child = spawn('git', ['-c', 'core.hooksPath=/dev/null', 'cat-file', '--batch'], {
      cwd: repo.dir,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/nonexistent', GIT_CONFIG_NOSYSTEM: '1', GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' },
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new GitError(['cat-file', '--batch'], '', code));
      resolve(parseBatch(Buffer.concat(chunks)));
    });
    child.stdin.end(`${wanted.join('\n')}\n`);
  });
}

/** `<id> blob <size>\n<bytes>\n` per object; `<id> missing\n` for one the clone lacks. */
function parseBatch(output: Buffer): Map<string, Buffer> {
  const blobs = new Map<string, Buffer>();
  let at = 0;
  while (at < output.length) {
    const end = output.indexOf(0x0a, at);
    if (end < 0) break;
    const [id, type, size] = output.subarray(at, end).toString('latin1').split(' ');
    at = end + 1;
    if (type === undefined || size === undefined || type === 'missing') continue;
    const length = Number(size);
    if (type === 'blob' && id) blobs.set(id, output.subarray(at, at + length));
    at += length + 1;
  }
  return blobs;
}
