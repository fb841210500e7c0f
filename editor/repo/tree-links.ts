/**
 * No symbolic link and no submodule ever enters a draft's work tree or leaves it in a commit. A link
 * pushed on a branch (a template pointing at /proc/self/environ or at the state folder's preview
 * secret) would be checked out as a link, and everything that reads the draft (a new page from that
 * template, the content loaded for the editor, a preview's build) would read the server's files
 * through it. So git's own listing is looked at before a work tree is made from a commit, before it
 * moves to another, and before a write is committed: one entry of mode 120000 (a link) or 160000 (a
 * submodule) the rule below does not tolerate, and the draft is left as it was, with the file named in
 * words. What a link leads to is never read, nor said.
 *
 * The rule, one for the drafts and for publishing (publish/links.ts): none in the content (pages/,
 * public/), which is all the editor and the build read of a draft; outside it, only the links main
 * has, or had where the draft left it (a developer's, such as AGENTS.md → README.md, which the draft
 * carries unchanged and nothing of the editor reads).
 */
import { Refusal } from '../server/http';
import { EDITOR } from '../errors';
import { GitError } from './git';

/** git, run in the draft's repository. */
export type Git = (args: string[]) => Promise<string>;

const LINK = '120000';
const SUBMODULE = '160000';

export interface Carried {
  file: string;
  mode: typeof LINK | typeof SUBMODULE;
  /** What the link holds (where it leads) or the submodule's commit, by its id. */
  object: string;
}

/** The folders the editor and the build read of a draft: no link or submodule in them, ever. */
const CONTENT = ['pages/', 'public/'];
const inContent = (file: string) => CONTENT.some((folder) => file.startsWith(folder));
const sameAs = ({ mode, object, file }: Carried) => `${mode} ${object} ${file}`;

/**
 * The links and submodules of a listing by `git ls-tree -r -z` (`<mode> <type> <object>\t<file>`) or
 * `git ls-files --stage -z` (`<mode> <object> <stage>\t<file>`): both start with the mode.
 */
export function linksIn(listing: string): Carried[] {
  return listing
    .split('\0')
    .filter(Boolean)
    .flatMap((entry): Carried[] => {
      const tab = entry.indexOf('\t');
      const [mode = '', second = '', third = ''] = entry.slice(0, tab).split(' ');
      const file = entry.slice(tab + 1);
      // ls-tree names the object's type second; ls-files names the object itself.
      const object = /^(blob|tree|commit)$/.test(second) ? third : second;
      return mode === LINK || mode === SUBMODULE ? [{ file, mode, object }] : [];
    });
}

/** What the first of them is, in words, and how many more there are. */
function described(carried: readonly Carried[]): string {
  const [first] = carried as [Carried, ...Carried[]];
  const what =
    first.mode === LINK
      ? `${first.file} is a link to another file or folder, which the editor never follows`
      : `${first.file} is another repository inside the site's (a submodule), which the editor never takes in`;
  return carried.length > 1 ? `${what} (and ${carried.length - 1} more like it)` : what;
}


/** When the links were found: making the draft's work tree, moving it to the remote's draft. */
export type Moment = 'open' | 'follow';

function refusal(carried: readonly Carried[], moment: Moment): Refusal {
  if (moment === 'open') {
    return EDITOR.refusal('EDITOR_DRAFT_CARRIES_LINK', { carried: described(carried) });
  }
  return EDITOR.refusal('EDITOR_DRAFT_GAINED_LINK', { carried: described(carried) });
}

/** Of `carried`, those the rule does not tolerate: any in the content; outside it, any `mains` does not hold as it is. */
export function untolerated(carried: readonly Carried[], mains: readonly Carried[]): Carried[] {
  const known = new Set(mains.filter((entry) => !inContent(entry.file)).map(sameAs));
  return carried.filter((entry) => inContent(entry.file) || !known.has(sameAs(entry)));
}

/** The links and submodules of a commit, anywhere in its tree. */
export async function linksOfCommit(git: Git, commit: string): Promise<Carried[]> {
  return linksIn(await git(['ls-tree', '-r', '-z', '--full-tree', commit]));
}

/** The links main holds, and those it held where `commit` left it (a draft made before a developer changed one). */
export async function mainsLinks(git: Git, main: string, commit: string): Promise<Carried[]> {
  let base = '';
  try {
    base = (await git(['merge-base', main, commit])).trim();
  } catch (error) {
    // No history in common: only main's own.
    if (!(error instanceof GitError)) throw error;
  }
  const [ofMain, ofBase] = await Promise.all([linksOfCommit(git, main), base ? linksOfCommit(git, base) : Promise.resolve([])]);
  return [...ofMain, ...ofBase];
}

/** Refuses (409, in words) a commit whose tree holds a link or a submodule the rule does not tolerate (beside `main`). */
export async function refuseLinksInCommit(git: Git, commit: string, moment: Moment, main = 'refs/heads/main'): Promise<void> {
  const carried = await linksOfCommit(git, commit);
  if (carried.length === 0) return;
  const refused = untolerated(carried, await mainsLinks(git, main, commit));
  if (refused.length > 0) throw refusal(refused, moment);
}

/**
 * Refuses (409, in words) an index holding a link or a submodule the draft's commit did not hold as it is:
 * after `git add` of pages/ and public/, before the commit. The editor never makes one, so one there was
 * put into the work tree by something else.
 */
export async function refuseLinksInIndex(git: Git): Promise<void> {
  const carried = linksIn(await git(['ls-files', '--stage', '-z']));
  if (carried.length === 0) return;
  const refused = untolerated(carried, await linksOfCommit(git, 'HEAD'));
  if (refused.length > 0) {
    throw EDITOR.refusal('EDITOR_SAVE_WOULD_COMMIT_LINK', { carried: described(refused) });
  }
}
