/**
 * `npm start`: builds the production site, starts the Firebase Auth emulator (unless the firebase
 * block of pages/_site.yaml names a real Firebase project rather than a `demo-` one), serves dist/
 * on http://127.0.0.1:${PORT:-4173}, and stops everything on Ctrl-C or SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import {
  AUTH_EMULATOR_ARGS,
  AUTH_EMULATOR_URL as EMULATOR_URL,
  FIREBASE_BIN,
  FIREBASE_QUIET_ENV,
  ROOT,
  authEmulatorAnswers as emulatorAnswers,
} from './hosting/auth-emulator';
import { isEmulatorBuild, readSiteFirebase } from './hosting/deploy-config';
import { serve, type RunningServer } from './hosting/serve';

const EMULATOR_START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

function run(command: string, args: string[]): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function startEmulator(): ChildProcess {
  // Its own process group, so that stopping it also stops anything it spawned.
  return spawn(FIREBASE_BIN, ['emulators:start', ...AUTH_EMULATOR_ARGS], {
    cwd: ROOT,
    env: { ...process.env, ...FIREBASE_QUIET_ENV },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
}

async function waitForEmulator(emulator: ChildProcess): Promise<void> {
  const deadline = Date.now() + EMULATOR_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (emulator.exitCode !== null || emulator.signalCode !== null) {
      throw new Error('The Auth emulator stopped before it was ready (is port 9099 in use?).');
    }
    if (await emulatorAnswers()) return;
    await sleep(300);
  }
  throw new Error(`The Auth emulator did not answer on ${EMULATOR_URL} within ${EMULATOR_START_TIMEOUT_MS / 1000} s.`);
}

/** Asks the emulator's process group to shut down cleanly, then kills it if it takes too long. */
function stopEmulator(emulator: ChildProcess): Promise<void> {
  const pid = emulator.pid;
  if (pid === undefined || emulator.exitCode !== null || emulator.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const timer = setTimeout(() => {
      try {
        process.kill(-pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }, STOP_TIMEOUT_MS);
    emulator.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    try {
      process.kill(-pid, 'SIGINT');
    } catch {
      clearTimeout(timer);
      done();
    }
  });
}

async function main(): Promise<void> {
  const buildCode = await run('npm', ['run', 'build']);
  if (buildCode !== 0) process.exit(buildCode);

  let emulator: ChildProcess | null = null;
  let server: RunningServer | null = null;
  let stopping = false;

  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await server?.close();
    if (emulator) await stopEmulator(emulator);
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));

  // The build has just validated the site document, so this reads the configuration it used.
  const signIn = readSiteFirebase(ROOT);
  if (signIn && !isEmulatorBuild(signIn.firebase, process.env)) {
    console.log(`Using the Firebase project ${signIn.firebase.projectId} of ${signIn.file} (no emulator).`);
  } else if (await emulatorAnswers()) {
    console.log(`An Auth emulator is already running on ${EMULATOR_URL}; using it.`);
  } else {
    console.log('Starting the Firebase Auth emulator (project demo-cesa)…');
    const started = startEmulator();
    emulator = started;
    started.once('exit', (code) => {
      if (!stopping) {
        console.error(`The Auth emulator exited (code ${code ?? 'none'}).`);
        void stop(1);
      }
    });
    try {
      await waitForEmulator(started);
    } catch (error) {
      console.error(error instanceof Error ? error.message : error);
      await stop(1);
      return;
    }
  }
  if (stopping) return;

  const port = Number(process.env.PORT ?? 4173);
  try {
    server = await serve({ root: resolve(ROOT, 'dist'), host: '127.0.0.1', port });
  } catch (error) {
    console.error(`Cannot serve on 127.0.0.1:${port}:`, error instanceof Error ? error.message : error);
    await stop(1);
    return;
  }
  console.log(`\nCESA site: ${server.url}\n${emulator ? `Sign-in uses the Auth emulator at ${EMULATOR_URL}.\n` : ''}Press Ctrl-C to stop.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
