/**
 * `npm run editor-server`: the visual editor for editors who have only a browser (sign in with
 * Google, edit in a draft, every save a commit under their name). Reads its configuration from the
 * environment (docs/administrators.md, "The hosted editor"); with none, runs everything on
 * this computer: a bare repository made from this checkout, the Auth emulator, example accounts.
 *
 *   npm run editor-server [-- --state <folder>] [--port <port>]
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AUTH_EMULATOR_URL, authEmulatorAnswers, killEmulatorNow, ROOT, startEmulator, stopEmulator, waitForEmulator } from '../scripts/hosting/auth-emulator';
import { editorApp, editorAppDir } from '../editor/hosted/app-files';
import { emulatorModeProblem } from '../editor/hosted/id-token';
import { clockFrom } from '../editor/hosted/clock';
import { configurationProblem, startHostedEditor, type HostedOptions } from '../editor/hosted/server';
import { whenInIndia } from '../editor/protocol/india-time';
import { FirebaseHosting, LiveFolder, type Deployer } from '../editor/publish/deploy';
import { defaultStateDir, stateDirProblem } from '../editor/hosted/state-folder';
import { liveSite, localRemote, seedEmulatorAccounts, UNLISTED_ACCOUNT, ZERO_CONFIG_FIREBASE, ZERO_CONFIG_PROJECT, zeroConfigProblem } from '../editor/hosted/zero-config';
import { ADMIN } from '../editor/errors';

const { values } = parseArgs({
  options: { state: { type: 'string' }, port: { type: 'string' }, help: { type: 'boolean' } },
  strict: true,
});

if (values.help) {
  console.log(`npm run editor-server [-- --state <folder>] [--port <port>]

With no configuration, everything runs on this computer (a copy of this checkout as the remote, the
Auth emulator, example accounts). For the academy's server, set (docs/administrators.md, "The hosted editor"):
  CESA_EDITOR_REMOTE       the site's git repository (https or ssh URL)
  CESA_EDITOR_ORIGIN       the address editors open, e.g. https://editor.example.org
  CESA_EDITOR_PREVIEW_ORIGIN   the drafts' previews, e.g. https://{draft}.preview.example.org (a wildcard name)
  FIREBASE_PROJECT_ID      the academy's Firebase project (the one pages/_site.yaml signs visitors in with)
  FIREBASE_API_KEY, FIREBASE_AUTH_DOMAIN   its web configuration
  CESA_EDITOR_TRUSTED_PROXIES   the addresses of the proxies in front of the server (comma-separated):
                           only their X-Forwarded-For is believed, for limits per client address
  CESA_EDITOR_STATE_DIR    a folder that survives restarts and npm ci, outside node_modules
                           (default ${defaultStateDir(ROOT)})
  CESA_EDITOR_DEPLOY_CREDENTIALS   the key file (JSON) of the service account that publishing deploys
                           to Firebase Hosting with; without it, publishing is refused
  HOST, PORT               where to listen (default 127.0.0.1:8787)
  CESA_NOW                 drills and tests: the server's clock starts at this ISO time and runs on
                           (e.g. 2026-12-31T23:59:30+05:30); schedules and the midnight update follow it`);
  process.exit(0);
}

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(ADMIN.text('ADMIN_VARIABLE_MISSING', { name }));
  return value;
}

/**
 * What runs: stopped in reverse order on Ctrl-C, SIGTERM, SIGHUP, a failure to start or an error
 * nothing caught. The emulator this server started stops with it in every case, even when this
 * process is killed outright (auth-emulator.ts, emulator-guard.mjs).
 */
let emulator: ChildProcess | null = null;
const stops: (() => Promise<void>)[] = [];
let stopping = false;
async function stop(code: number): Promise<void> {
  // A second Ctrl-C while stopping: the first one's stop goes on.
  if (stopping) return;
  stopping = true;
  // Nothing of the server needs the emulator to stop: both are stopped at once.
  const emulatorStopped = emulator ? stopEmulator(emulator) : Promise.resolve();
  for (const step of stops.reverse()) {
    await step().catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
  }
  await emulatorStopped;
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.on(event, (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    void stop(1);
  });
}
// Whatever ends this process (process.exit anywhere) ends the emulator's group too.
process.on('exit', () => {
  if (emulator) killEmulatorNow(emulator);
});

/** How the server runs: its options, and on this computer the live folder and the accounts to sign in with. */
interface Setup {
  options: Omit<HostedOptions, 'app'>;
  liveFolder: LiveFolder | null;
  accounts: string[];
}

interface Place {
  host: string;
  port: number;
  stateDir: string;
}

/** No configuration: everything on this computer (a bare copy of this checkout, the Auth emulator, example accounts). */
async function onThisComputer(env: NodeJS.ProcessEnv, { host, port, stateDir }: Place): Promise<Setup> {
  const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || new URL(AUTH_EMULATOR_URL).host;
  // Refused before any folder, remote or emulator is made.
  const addressProblem = zeroConfigProblem({ host, emulatorHost });
  if (addressProblem) throw new Error(addressProblem);
  const local = await localRemote(ROOT, stateDir);
  const emulatorUrl = `http://${emulatorHost}`;
  if (!(await authEmulatorAnswers(emulatorUrl))) {
    console.log(`Starting the Firebase Auth emulator (project demo-cesa) at ${emulatorUrl}…`);
    emulator = startEmulator(emulatorUrl);
    await waitForEmulator(emulator, emulatorUrl);
  }
  await seedEmulatorAccounts(emulatorHost, [...local.editors, UNLISTED_ACCOUNT]);
  const accounts = [
    ...local.editors.map((editor) => `  ${editor.email.padEnd(34)} ${editor.name} (${editor.role})`),
    `  ${UNLISTED_ACCOUNT.email.padEnd(34)} not in editors.yaml: refused, told whom to ask`,
  ];
  console.log(
    local.made
      ? `The remote is a bare copy of this checkout's last commit (changes not committed are not in it): ${local.remote}`
      : `The remote (made on an earlier run, drafts kept): ${local.remote}`,
  );
  if (local.exampleEditors) console.log('This checkout has no editors.yaml: an example one is committed on the remote\'s main.');
  // Publishing puts the site live in a folder on this computer (served below).
  const liveFolder = new LiveFolder(path.join(stateDir, 'live'));
  const options = { root: ROOT, host, port, projectId: ZERO_CONFIG_PROJECT, firebase: ZERO_CONFIG_FIREBASE, emulatorHost, remote: local.remote, stateDir, mainMaxAgeMs: 0, deployer: liveFolder };
  return { options, liveFolder, accounts };
}

/** The academy's server, configured by the environment (README, "The hosted editor"). */
function configured(env: NodeJS.ProcessEnv, { host, port, stateDir }: Place): Setup {
  const folderProblem = stateDirProblem(stateDir);
  if (folderProblem) throw new Error(folderProblem);
  const credentials = env.CESA_EDITOR_DEPLOY_CREDENTIALS?.trim();
  const deployer: Deployer | null = credentials
    ? new FirebaseHosting({ projectId: required('FIREBASE_PROJECT_ID'), credentials: path.resolve(credentials), command: path.join(ROOT, 'node_modules/.bin/firebase'), workDir: path.join(stateDir, 'publish', 'firebase') })
    : null;
  const options = {
    deployer,
    root: ROOT,
    host,
    port,
    origin: env.CESA_EDITOR_ORIGIN?.trim() || undefined,
    projectId: required('FIREBASE_PROJECT_ID'),
    firebase: { apiKey: required('FIREBASE_API_KEY'), authDomain: required('FIREBASE_AUTH_DOMAIN') },
    emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST?.trim() || undefined,
    remote: required('CESA_EDITOR_REMOTE'),
    stateDir,
    previewOrigin: env.CESA_EDITOR_PREVIEW_ORIGIN?.trim() || undefined,
    trustedProxies: (env.CESA_EDITOR_TRUSTED_PROXIES ?? '').split(',').map((proxy) => proxy.trim()).filter(Boolean),
    ...(env.CESA_EDITOR_COMMITTER_EMAIL ? { committer: { name: env.CESA_EDITOR_COMMITTER_NAME ?? 'CESA editor server', email: env.CESA_EDITOR_COMMITTER_EMAIL } } : {}),
  };
  return { options, liveFolder: null, accounts: [] };
}

async function main(): Promise<void> {
  const env = process.env;
  const stateDir = path.resolve(values.state ?? (env.CESA_EDITOR_STATE_DIR?.trim() || defaultStateDir(ROOT)));
  const host = env.HOST?.trim() || '127.0.0.1';
  const port = Number(values.port ?? env.PORT ?? 8787);
  const zeroConfig = !env.CESA_EDITOR_REMOTE?.trim();
  const { options, liveFolder, accounts } = zeroConfig ? await onThisComputer(env, { host, port, stateDir }) : configured(env, { host, port, stateDir });
  // Refused before anything is built or started, with the reason.
  const problem = configurationProblem(options) ?? (options.emulatorHost ? emulatorModeProblem(options.projectId, options.host) : undefined);
  if (problem) throw new Error(problem);
  const clock = clockFrom(env);
  const app = editorApp(editorAppDir(ROOT));
  // On this computer each draft's preview gets a loopback port; on a server, a name of CESA_EDITOR_PREVIEW_ORIGIN.
  const running = await startHostedEditor({ ...options, app, clock, previews: zeroConfig || options.previewOrigin !== undefined });
  stops.push(() => running.close());
  const origin = options.origin ?? running.address;
  console.log(`\nCESA editor: ${origin}/_editor (listening on ${running.address})`);
  if (options.previewOrigin) console.log(`Previews of drafts: ${options.previewOrigin}`);
  else if (!zeroConfig) console.log('No previews of whole drafts: set CESA_EDITOR_PREVIEW_ORIGIN to offer them.');
  if (zeroConfig) console.log(`Sign-in: the Auth emulator at http://${options.emulatorHost ?? ''} (project ${ZERO_CONFIG_PROJECT}). Accounts to sign in with:\n${accounts.join('\n')}`);
  if (env.CESA_NOW?.trim()) console.log(`The server's clock (CESA_NOW) says ${whenInIndia(clock.now())}, and runs on from there.`);
  console.log(`State (repository, drafts, sessions): ${stateDir}\nPress Ctrl-C to stop.`);
  if (liveFolder) {
    // Built after the editor is up: the first build of the whole site takes a while, the next ones reuse its work.
    console.log('Serving the live site as npm start does (main is built first when nothing was published yet)…');
    liveSite(liveFolder, running.publisher)
      .then((live) => {
        stops.push(() => live.close());
        console.log(`Live site (main as last published; saves in drafts do not change it): ${live.url}`);
      })
      .catch((error: unknown) => console.error(error instanceof Error ? error.message : error));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  void stop(1);
});
