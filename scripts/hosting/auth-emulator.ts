/** Shared by `npm start` and the browser tests: how to run the Firebase Auth emulator offline. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

/** Stops the emulator when the process that started it ends, however it ends (emulator-guard.mjs). */
const GUARD = resolve(ROOT, 'scripts/hosting/emulator-guard.mjs');
/** The variable naming a folder the guard removes when the emulator has stopped. */
const GUARD_REMOVES = 'CESA_EMULATOR_GUARD_REMOVES';

/**
 * firebase.json's emulator settings, or, for another address, a configuration of its own (in a
 * temporary folder: nothing else of firebase.json is needed to run the Auth emulator).
 */
function emulatorConfig(url: string): { args: string[]; folder: string | null } {
  if (url === AUTH_EMULATOR_URL) return { args: [], folder: null };
  const { hostname, port } = new URL(url);
  const folder = mkdtempSync(join(tmpdir(), 'cesa-auth-emulator-'));
  const file = join(folder, 'firebase.json');
  writeFileSync(file, JSON.stringify({ emulators: { auth: { host: hostname, port: Number(port) }, ui: { enabled: false } } }));
  return { args: ['--config', file], folder };
}

/**
 * The Auth emulator at `url` (firebase.json's, 127.0.0.1:9099, unless told another), stopped by
 * stopEmulator, and also when this process ends without stopping it (a crash, a SIGKILL).
 */
export function startEmulator(url = AUTH_EMULATOR_URL): ChildProcess {
  // Its own process group, so that stopping it also stops anything it spawned. The guard reads
  // its stdin until this process is gone.
  const config = emulatorConfig(url);
  // The guard removes the configuration's folder once the emulator has stopped, however this process ended.
  const cleanup = config.folder === null ? {} : { [GUARD_REMOVES]: config.folder };
  return spawn(process.execPath, [GUARD, FIREBASE_BIN, 'emulators:start', ...AUTH_EMULATOR_ARGS, ...config.args], {
    cwd: ROOT,
    env: { ...process.env, ...FIREBASE_QUIET_ENV, ...cleanup },
    stdio: ['pipe', 'inherit', 'inherit'],
    detached: true,
  });
}

export async function waitForEmulator(emulator: ChildProcess, url = AUTH_EMULATOR_URL): Promise<void> {
  const deadline = Date.now() + EMULATOR_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (emulator.exitCode !== null || emulator.signalCode !== null) {
      throw new Error(`The Auth emulator stopped before it was ready (is port ${new URL(url).port} in use?).`);
    }
    if (await authEmulatorAnswers(url)) return;
    await sleep(300);
  }
  throw new Error(`The Auth emulator did not answer on ${url} within ${EMULATOR_START_TIMEOUT_MS / 1000} s.`);
}

/**
 * Ends the emulator's process group at once, for a process about to exit ('exit' handlers can only
 * do what is synchronous); the guard would stop it a moment later anyway.
 */
export function killEmulatorNow(emulator: ChildProcess): void {
  const pid = emulator.pid;
  if (pid === undefined || emulator.exitCode !== null || emulator.signalCode !== null) return;
  try {
    process.kill(-pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
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
