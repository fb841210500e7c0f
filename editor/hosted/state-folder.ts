/**
 * The editor server's state folder: its clone, the drafts' work trees, the sessions, the publish
 * journal and the builds kept for rolling back. It must outlive everything an administrator does to
 * the checkout, `npm ci` above all (which deletes node_modules), so its default is outside the
 * checkout, in the user's state folder (XDG_STATE_HOME, else ~/.local/state): nothing of it then
 * sits where the project's own tools (eslint, vite's watcher, the publisher's look at the checkout)
 * would find it, and two checkouts on one computer each get their own.
 */
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import { ADMIN } from '../errors';

/** `~/.local/state/cesa-editor-server/<checkout folder>-<hash of its path>`. */
export function defaultStateDir(root: string, env: NodeJS.ProcessEnv = process.env): string {
  const stateHome = env.XDG_STATE_HOME?.trim() || path.join(homedir(), '.local', 'state');
  const checkout = path.resolve(root);
  const hash = createHash('sha256').update(checkout).digest('hex').slice(0, 8);
  return path.join(stateHome, 'cesa-editor-server', `${path.basename(checkout)}-${hash}`);
}

/** Whether `folder` is inside (or is) a node_modules folder, which `npm ci` deletes. */
function insideNodeModules(folder: string): boolean {
  return path.resolve(folder).split(path.sep).includes('node_modules');
}

/**
 * Why a server (CESA_EDITOR_REMOTE set) may not keep its state in `stateDir`, or undefined. Said to
 * the administrator on the console, before anything is made.
 */
export function stateDirProblem(stateDir: string): string | undefined {
  if (!insideNodeModules(stateDir)) return undefined;
  return ADMIN.text('ADMIN_STATE_IN_NODE_MODULES', { stateDir });
}
