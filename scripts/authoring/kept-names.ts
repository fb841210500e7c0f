/**
 * Names the site's repository would not keep. A page saved as `pages/dist/a.yaml` (the .gitignore
 * leaves out every dist/ folder) or `pages/.git/a.yaml` is written to the disk, but git never commits
 * it: the editor would say "Saved", and the page would be lost with the server's state folder and
 * never reviewed. So the editor asks before it writes anything, and refuses such a name in words.
 * Git itself is asked (`git check-ignore`), whatever rules the repository has; a content root that is
 * no git repository (a folder a developer edits without git) keeps every name.
 */
import { execFile } from 'node:child_process';

/**
 * Code points macOS ignores in file names (git's is_hfs_dotgit): `.g\u200cit` is `.git` there, and git
 * refuses it everywhere so that a repository can be checked out on any computer.
 */
const IGNORED_IN_NAMES = /[\u200b-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/** Whether a folder or file name is git's own folder as some file system reads it: `.git`, `.GIT`, `.git. `, `git~1`. */
function isGitsOwn(segment: string): boolean {
  const name = segment.replace(IGNORED_IN_NAMES, '').toLowerCase();
  return name.replace(/[. ]+$/, '') === '.git' || name === 'git~1';
}

/** Why git refuses this path (`pages/.git/a.yaml`) whatever the repository says, or undefined. */
export function gitRefusedName(file: string): string | undefined {
  const own = file.split('/').find(isGitsOwn);
  return own === undefined ? undefined : `a folder or file named ${own} is git's own, never part of the site's history, so it would be lost`;
}

/** What `git check-ignore` says of `file` in `root`: kept, left out, or no repository there. */
function checkIgnore(root: string, file: string): Promise<'kept' | 'left-out' | 'no-repository'> {
  return new Promise((resolve, reject) => {
    // Not --no-index: a file git already tracks is committed when changed, even under an ignored name.
    execFile('git', ['-C', root, 'check-ignore', '--quiet', '--', file], { env: { ...process.env, LC_ALL: 'C' }, timeout: 30_000 }, (error, _stdout, stderr) => {
      if (!error) return resolve('left-out');
      const code = (error as { code?: unknown }).code;
      if (code === 1) return resolve('kept');
      if (code === 128 && /not a git repository/.test(stderr)) return resolve('no-repository');
      reject(new Error(`git check-ignore ${file} in ${root} failed (${String(code)}): ${stderr.trim()}`));
    });
  });
}

/**
 * The question the editor API asks before each write (EditorOptions.whyNotKept), for the content
 * root `root`: why the repository would not keep `file` (`pages/dist/a.yaml`), in words, or undefined.
 */
export function namesKeptBy(root: string): (file: string) => Promise<string | undefined> {
  return async (file) => {
    const refused = gitRefusedName(file);
    if (refused) return refused;
    if ((await checkIgnore(root, file)) !== 'left-out') return undefined;
    return "the site's repository is set to leave out files of that name or in that folder (its .gitignore), so it would be lost";
  };
}
