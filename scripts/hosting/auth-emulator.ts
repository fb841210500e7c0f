/** Shared by `npm start` and the browser tests: how to run the Firebase Auth emulator offline. */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');
export const FIREBASE_BIN = resolve(ROOT, 'node_modules/.bin/firebase');
/** Must match `emulators.auth` in firebase.json and the default of src/auth/config.ts. */
export const AUTH_EMULATOR_URL = 'http://127.0.0.1:9099';
export const AUTH_EMULATOR_ARGS = ['--only', 'auth', '--project', 'demo-cesa'];

/**
 * firebase-tools without prompts or network calls: CI skips the message-of-the-day fetch and,
 * with NO_UPDATE_NOTIFIER, the update check. Usage reporting is off unless someone opted in
 * through `firebase login`, and the emulator commands never ask.
 */
export const FIREBASE_QUIET_ENV = { CI: 'true', NO_UPDATE_NOTIFIER: '1' } as const;

/** True when an Auth emulator answers at `url`. */
export async function authEmulatorAnswers(url = AUTH_EMULATOR_URL): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
    return response.ok;
  } catch {
    return false;
  }
}

const EMULATOR_START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

export function startEmulator(): ChildProcess {
  // Its own process group, so that stopping it also stops anything it spawned.
  return spawn(FIREBASE_BIN, ['emulators:start', ...AUTH_EMULATOR_ARGS], {
    cwd: ROOT,
    env: { ...process.env, ...FIREBASE_QUIET_ENV },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
}

export async function waitForEmulator(emulator: ChildProcess): Promise<void> {
  const deadline = Date.now() + EMULATOR_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (emulator.exitCode !== null || emulator.signalCode !== null) {
      throw new Error('The Auth emulator stopped before it was ready (is port 9099 in use?).');
    }
    if (await authEmulatorAnswers()) return;
    await sleep(300);
  }
  throw new Error(`The Auth emulator did not answer on ${AUTH_EMULATOR_URL} within ${EMULATOR_START_TIMEOUT_MS / 1000} s.`);
}

/** Asks the emulator's process group to shut down cleanly, then kills it if it takes too long. */
export function stopEmulator(emulator: ChildProcess): Promise<void> {
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
