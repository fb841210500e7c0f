/**
 * `npm run editor-server` with no configuration: everything on this computer. The "remote" is a
 * bare repository made from this checkout's last commit (its main), with an example editors.yaml
 * committed on it when the checkout has none; sign-in is the Auth emulator (project demo-cesa) with
 * an account for each editor listed, and one that is not listed, to see a refusal.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DEMO_API_KEY, DEMO_PROJECT_ID } from '../../src/content/firebase-demo';
import { EDITORS_FILE, exampleEditorsYaml, parseEditors, type Editor } from '../repo/editors';
import { git, GitError } from '../repo/git';
import { isLoopbackHost } from './id-token';
import type { LiveFolder } from '../publish/deploy';
import type { Publisher } from '../publish/publisher';
import { ADMIN } from '../errors';

/**
 * Why zero-config may not run on these addresses, or undefined. Checked before anything is made:
 * its sign-in is the Auth emulator, which signs nothing (anyone could sign in as anyone), so it is
 * for this computer only, and the advice is what works: this computer's address, or the real setup.
 */
export function zeroConfigProblem({ host, emulatorHost }: { host: string; emulatorHost: string }): string | undefined {
  if (!isLoopbackHost(unbracketed(host))) return ADMIN.text('ADMIN_ZERO_CONFIG_HOST', { host });
  const emulatorName = emulatorHost.replace(/:\d+$/, '');
  if (!isLoopbackHost(unbracketed(emulatorName))) {
    return ADMIN.text('ADMIN_ZERO_CONFIG_EMULATOR_HOST', { emulatorHost });
  }
  return undefined;
}

/** `[::1]` as `::1`. */
function unbracketed(host: string): string {
  return host.replace(/^\[|\]$/g, '');
}

/** An account the emulator knows that no editors.yaml lists. */
export const UNLISTED_ACCOUNT = { email: 'not.listed@example.com', name: 'Not Listed' };

export interface LocalRemote {
  /** The bare repository standing in for the academy's. */
  remote: string;
  /** Whether this run made it (a later run keeps it, and the drafts in it). */
  made: boolean;
  /** Whether editors.yaml is the example one. */
  exampleEditors: boolean;
  editors: Editor[];
}

async function mainHas(remote: string, file: string): Promise<string | undefined> {
  try {
    return await git(['show', `refs/heads/main:${file}`], { gitDir: remote });
  } catch (error) {
    if (error instanceof GitError) return undefined;
    throw error;
  }
}

/** The bare repository in `stateDir` (made from `root`'s last commit the first time), with an editors.yaml on main. */
export async function localRemote(root: string, stateDir: string): Promise<LocalRemote> {
  const remote = path.join(stateDir, 'remote.git');
  const made = !existsSync(path.join(remote, 'HEAD'));
  if (made) {
    // Copies, never links to, the checkout's objects: nothing here writes into the checkout.
    await git(['clone', '--quiet', '--bare', '--no-hardlinks', root, remote], { allowFile: true });
    const head = (await git(['rev-parse', 'HEAD'], { cwd: root })).trim();
    await git(['update-ref', 'refs/heads/main', head], { gitDir: remote });
    await git(['symbolic-ref', 'HEAD', 'refs/heads/main'], { gitDir: remote });
  }
  let text = await mainHas(remote, EDITORS_FILE);
  const exampleEditors = text === undefined;
  if (text === undefined) {
    text = exampleEditorsYaml();
    await commitOnMain(remote, EDITORS_FILE, text, 'Example editors for trying the hosted editor on this computer');
  }
  return { remote, made, exampleEditors, editors: parseEditors(text) };
}

/** One file added to main of a bare repository, as one commit, without a work tree. */
async function commitOnMain(remote: string, file: string, text: string, message: string): Promise<void> {
  const scratch = mkdtempSync(path.join(remote, 'index-'));
  const env = {
    GIT_INDEX_FILE: path.join(scratch, 'index'),
    GIT_AUTHOR_NAME: 'CESA editor server',
    GIT_AUTHOR_EMAIL: 'editor-server@localhost',
    GIT_COMMITTER_NAME: 'CESA editor server',
    GIT_COMMITTER_EMAIL: 'editor-server@localhost',
  };
  try {
    const parent = (await git(['rev-parse', 'refs/heads/main'], { gitDir: remote })).trim();
    const blob = (await git(['hash-object', '-w', '--stdin'], { gitDir: remote, input: text })).trim();
    await git(['read-tree', parent], { gitDir: remote, env });
    await git(['update-index', '--add', '--cacheinfo', `100644,${blob},${file}`], { gitDir: remote, env });
    const tree = (await git(['write-tree'], { gitDir: remote, env })).trim();
    const commit = (await git(['commit-tree', tree, '-p', parent, '-F', '-'], { gitDir: remote, env, input: `${message}\n` })).trim();
    await git(['update-ref', 'refs/heads/main', commit, parent], { gitDir: remote });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * A Google account in the emulator for each person (as Google's popup in the emulator lists them),
 * the same account again on every run (the same subject).
 */
export async function seedEmulatorAccounts(emulatorHost: string, people: readonly { email: string; name: string }[]): Promise<void> {
  for (const person of people) {
    const idToken = JSON.stringify({ sub: `seed-${person.email}`, email: person.email, email_verified: true, name: person.name });
    const response = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithIdp?key=${DEMO_API_KEY}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ postBody: `id_token=${encodeURIComponent(idToken)}&providerId=google.com`, requestUri: 'http://127.0.0.1', returnSecureToken: true }),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(ADMIN.text('ADMIN_EMULATOR_REFUSED_ACCOUNT', { email: person.email, status: response.status }));
  }
}

export const ZERO_CONFIG_PROJECT = DEMO_PROJECT_ID;
export const ZERO_CONFIG_FIREBASE = { apiKey: DEMO_API_KEY, authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com` };

export interface LiveSite {
  /** The published site, served as `npm start` serves it. */
  url: string;
  close(): Promise<void>;
}

/**
 * The "live" site of the on-this-computer mode: the live folder (publish/deploy.ts) served as
 * `npm start` serves the production build. Before anything was published, main is built and put
 * there as it is; then only publishing (and rolling back) changes it, never a save in a draft.
 */
export async function liveSite(folder: LiveFolder, publisher: Publisher): Promise<LiveSite> {
  if (!folder.current()) await publisher.liveFromMain();
  return { url: await folder.serve(), close: () => folder.close() };
}
