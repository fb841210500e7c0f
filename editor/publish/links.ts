/**
 * Publishing never carries a symbolic link or a submodule. A link committed into a draft (a template
 * that points at /proc/self/environ or at the server's state folder) would be read by the build and
 * its target published; a submodule is another repository the build cannot see. The editor never
 * makes either, so publishing refuses any in the content (pages/, public/) of main or of a version
 * put back live, and in a draft any the drafts' rule does not tolerate (repo/tree-links.ts: outside
 * the content, only main's own), naming the file for the developer who must replace it.
 */
import { Refusal } from '../server/http';
import type { PublishClone } from './clone';
import { PUBLISH } from '../errors';
import { linksOfCommit, mainsLinks, untolerated } from '../repo/tree-links';

const LINK = '120000';
const SUBMODULE = '160000';

/** A tree's entry: its mode, its object and its path. */
interface Entry {
  mode: string;
  object: string;
  file: string;
}

/** The links and submodules of `commit` (under `folders` only, when given). */
async function linksOf(repo: PublishClone, commit: string, folders: readonly string[] = []): Promise<Entry[]> {
  const listed = await repo.git(['ls-tree', '-r', '-z', '--full-tree', commit, ...(folders.length > 0 ? ['--', ...folders] : [])]);
  const entries: Entry[] = [];
  for (const line of listed.split('\0')) {
    const tab = line.indexOf('\t');
    const [mode = '', , object = ''] = line.slice(0, tab).split(' ');
    if (mode === LINK || mode === SUBMODULE) entries.push({ mode, object, file: line.slice(tab + 1) });
  }
  return entries;
}

/** The refusal for one link or submodule, in words. */
function refusalFor({ mode, file }: Entry): Refusal {
  if (mode === LINK) {
    return PUBLISH.refusal('PUBLISH_LINK_IN_DRAFT', { file });
  }
  return PUBLISH.refusal('PUBLISH_SUBMODULE_IN_DRAFT', { file });
}

/** The content of `commit` (pages/ and public/: what the build reads and the live site gets) has no link or submodule. */
export async function refuseContentLinks(repo: PublishClone, commit: string): Promise<void> {
  const [first] = await linksOf(repo, commit, ['pages', 'public']);
  if (first) throw refusalFor(first);
}

/**
 * A draft carries no link or submodule the drafts' rule does not tolerate (tree-links.ts), and main's
 * content none either. A link main has outside its content (a developer's, in the code) is main's own:
 * the draft inherits it unchanged.
 */
export async function refuseDraftLinks(repo: PublishClone, main: string, draft: string): Promise<void> {
  await refuseContentLinks(repo, main);
  const git = (args: string[]) => repo.git(args);
  const [carried] = untolerated(await linksOfCommit(git, draft), await mainsLinks(git, main, draft));
  if (carried) throw refusalFor(carried);
}
