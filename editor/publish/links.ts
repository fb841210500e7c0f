/**
 * Publishing never carries a symbolic link or a submodule. A link committed into a draft (a template
 * that points at /proc/self/environ or at the server's state folder) would be read by the build and
 * its target published; a submodule is another repository the build cannot see. The editor never
 * makes either, so publishing refuses any in a draft, and any in the content (pages/, public/) of
 * main or of a version put back live, naming the file for the developer who must replace it.
 */
import { Refusal } from '../server/http';
import type { PublishClone } from './clone';
import { PUBLISH } from '../errors';

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
 * A draft carries no link or submodule anywhere, and main's content none either. A link main has
 * outside its content (a developer's, in the code) is main's own: the draft inherits it unchanged.
 */
export async function refuseDraftLinks(repo: PublishClone, main: string, draft: string): Promise<void> {
  await refuseContentLinks(repo, main);
  const mains = new Set((await linksOf(repo, main)).map((entry) => `${entry.mode} ${entry.object} ${entry.file}`));
  const carried = (await linksOf(repo, draft)).find((entry) => !mains.has(`${entry.mode} ${entry.object} ${entry.file}`));
  if (carried) throw refusalFor(carried);
}
