/**
 * No symbolic link and no submodule ever enters a draft's work tree or leaves it in a commit. A link
 * pushed on a branch (a template pointing at /proc/self/environ or at the state folder's preview
 * secret) would be checked out as a link, and everything that reads the draft (a new page from that
 * template, the content loaded for the editor, a preview's build) would read the server's files
 * through it. So git's own listing is looked at before a work tree is made from a commit, before it
 * moves to another, and before a write is committed: one entry of mode 120000 (a link) or 160000 (a
 * submodule), anywhere in the tree, and the draft is left as it was, with the file named in words.
 * What a link leads to is never read, nor said.
 */
import { Refusal } from '../server/http';
import { EDITOR } from '../errors';

/** git, run in the draft's repository. */
export type Git = (args: string[]) => Promise<string>;

const LINK = '120000';
const SUBMODULE = '160000';

interface Carried {
  file: string;
  mode: typeof LINK | typeof SUBMODULE;
}

/**
 * The links and submodules of a listing by `git ls-tree -r -z` (`<mode> <type> <object>\t<file>`) or
 * `git ls-files --stage -z` (`<mode> <object> <stage>\t<file>`): both start with the mode.
 */
export function linksIn(listing: string): Carried[] {
  return listing
    .split('\0')
    .filter(Boolean)
    .flatMap((entry): Carried[] => {
      const mode = entry.slice(0, entry.indexOf(' '));
      const file = entry.slice(entry.indexOf('\t') + 1);
      return mode === LINK || mode === SUBMODULE ? [{ file, mode }] : [];
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

/** Refuses (409, in words) a commit whose tree holds a link or a submodule anywhere. */
export async function refuseLinksInCommit(git: Git, commit: string, moment: Moment): Promise<void> {
  const carried = linksIn(await git(['ls-tree', '-r', '-z', '--full-tree', commit]));
  if (carried.length > 0) throw refusal(carried, moment);
}

/**
 * Refuses (409, in words) an index holding a link or a submodule: after `git add`, before the commit.
 * The editor never makes one, so one there was put into the work tree by something else.
 */
export async function refuseLinksInIndex(git: Git): Promise<void> {
  const carried = linksIn(await git(['ls-files', '--stage', '-z']));
  if (carried.length > 0) {
    throw EDITOR.refusal('EDITOR_SAVE_WOULD_COMMIT_LINK', { carried: described(carried) });
  }
}
