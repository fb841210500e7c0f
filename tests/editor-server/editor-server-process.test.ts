/**
 * `npm run editor-server` as an administrator runs it, as a process: zero-config refuses an address
 * other computers reach before it makes anything, with advice that works; a server refuses a state
 * folder `npm ci` would delete; the state folder's default is outside the checkout; and the Auth
 * emulator zero-config starts stops with the server, on SIGTERM to `npm run` as on Ctrl-C, and even
 * when the server is killed outright.
 */
// @tier slow: starts npm run editor-server and the Auth emulator stand-in
// @vitest-environment node
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { defaultStateDir, stateDirProblem } from '../../editor/hosted/state-folder';
import { authEmulatorAnswers } from '../../scripts/hosting/auth-emulator';

const ROOT = path.resolve(import.meta.dirname, '../..');
const temp = mkdtempSync(path.join(tmpdir(), 'cesa-editor-process-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** How long a step may take on a loaded machine before the test gives up on it. */
const STEP_MS = 240_000;

interface Run {
  child: ChildProcess;
  /** stdout and stderr so far. */
  output: () => string;
  stderr: () => string;
  /** The exit code (null: killed by a signal). */
  exited: Promise<number | null>;
}

const running: Run[] = [];
afterEach(() => {
  // A test that failed half-way leaves nothing running: the whole group of the npm process.
  for (const run of running.splice(0)) {
    if (run.child.exitCode === null && run.child.signalCode === null && run.child.pid !== undefined) {
      try {
        process.kill(-run.child.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
  }
});

/** `npm run editor-server -- <args>` with `env` instead of this process's configuration of the server. */
function editorServer(args: string[], env: Record<string, string>): Run {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('CESA_EDITOR_') && !name.startsWith('FIREBASE_') && name !== 'HOST' && name !== 'PORT'));
  // A group of its own, so that a failed test can end everything it started.
  const child = spawn('npm', ['run', '--silent', 'editor-server', '--', ...args], { cwd: ROOT, env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (output += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    output += text;
    stderr += text;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const run = { child, output: () => output, stderr: () => stderr, exited };
  running.push(run);
  return run;
}

/** Resolves once `check` holds, asked every 200 ms; fails at the deadline, with what the process said. */
async function until(what: string, check: () => boolean | Promise<boolean>, run?: Run): Promise<void> {
  const deadline = Date.now() + STEP_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}.${run ? `\n${run.output()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The process ids whose parent is `pid`. */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').map(Number).filter(Boolean);
  } catch {
    return [];
  }
}

describe('zero-config on an address other computers reach', () => {
  it('is refused before any folder, remote or emulator is made, with advice that works and no stack trace', async () => {
    const state = path.join(temp, 'refused-state');
    for (const host of ['0.0.0.0', '192.168.1.20']) {
      const run = editorServer(['--state', state, '--port', '0'], { HOST: host });
      expect(await run.exited, run.output()).toBe(1);
      expect(run.stderr()).toContain(`With nothing configured, the editor server runs everything on this computer, and its sign-in (the Auth emulator) lets anyone sign in as anyone: it listens on this computer only, and HOST is ${host}. Leave HOST unset (or HOST=127.0.0.1) to try it here.`);
      expect(run.stderr()).toContain('CESA_EDITOR_REMOTE, CESA_EDITOR_ORIGIN, FIREBASE_PROJECT_ID, FIREBASE_API_KEY and FIREBASE_AUTH_DOMAIN');
      // Not the advice zero-config would ignore.
      expect(run.stderr()).not.toMatch(/Set the address editors open/);
      expect(run.output()).not.toMatch(/^\s+at /m);
      expect(run.output()).not.toContain('Starting the Firebase Auth emulator');
      expect(existsSync(state)).toBe(false);
    }
  }, STEP_MS);

  it('is refused with an emulator elsewhere than this computer', async () => {
    const state = path.join(temp, 'refused-emulator-state');
    const run = editorServer(['--state', state], { FIREBASE_AUTH_EMULATOR_HOST: 'emulator.example.org:9099' });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain('FIREBASE_AUTH_EMULATOR_HOST is emulator.example.org:9099. Leave it unset (or 127.0.0.1:<port>).');
    expect(existsSync(state)).toBe(false);
  }, STEP_MS);
});

describe('the state folder', () => {
  it('is outside the checkout and outside node_modules by default, and the help says so', async () => {
    const folder = defaultStateDir(ROOT);
    expect(path.relative(ROOT, folder).startsWith('..')).toBe(true);
    expect(folder.split(path.sep)).not.toContain('node_modules');
    expect(defaultStateDir(ROOT, { XDG_STATE_HOME: '/var/lib/someone' })).toMatch(/^\/var\/lib\/someone\/cesa-editor-server\/[\w.-]+-[0-9a-f]{8}$/);
    // Two checkouts never share one.
    expect(defaultStateDir('/srv/a/site')).not.toBe(defaultStateDir('/srv/b/site'));
    expect(stateDirProblem(folder)).toBeUndefined();

    const help = editorServer(['--help'], {});
    expect(await help.exited).toBe(0);
    expect(help.output()).toContain(folder);
    expect(help.output()).not.toContain('node_modules/.cache');
  }, STEP_MS);

  it('inside node_modules is refused by a server, in words with what to set, before anything is made', async () => {
    const state = path.join(temp, 'node_modules', '.cache', 'cesa-editor-server');
    const run = editorServer([], {
      CESA_EDITOR_REMOTE: path.join(temp, 'remote.git'),
      CESA_EDITOR_ORIGIN: 'https://editor.example.org',
      CESA_EDITOR_STATE_DIR: state,
      FIREBASE_PROJECT_ID: 'cesa-test-academy',
      FIREBASE_API_KEY: 'test-key',
      FIREBASE_AUTH_DOMAIN: 'cesa-test-academy.firebaseapp.com',
    });
    expect(await run.exited).toBe(1);
    expect(run.stderr()).toContain(`The state folder ${state} is inside node_modules, which npm ci deletes`);
    expect(run.stderr()).toContain('Set CESA_EDITOR_STATE_DIR to a folder outside node_modules');
    expect(run.output()).not.toMatch(/^\s+at /m);
    expect(existsSync(state)).toBe(false);
  }, STEP_MS);
});

describe('the Auth emulator zero-config starts', () => {
  const state = path.join(temp, 'running-state');

  /** The server in zero-config on free ports, once it says it is up; and the emulator's address. */
  async function started(): Promise<{ run: Run; emulator: string; editor: string }> {
    const emulator = `127.0.0.1:${await freePort()}`;
    const run = editorServer(['--state', state, '--port', '0'], { FIREBASE_AUTH_EMULATOR_HOST: emulator });
    await until('the server to be up', () => run.output().includes('Press Ctrl-C to stop.') || run.child.exitCode !== null, run);
    expect(run.child.exitCode, run.output()).toBeNull();
    expect(run.output()).toContain(`Starting the Firebase Auth emulator (project demo-cesa) at http://${emulator}`);
    const editor = /listening on (http:\/\/\S+)\)/.exec(run.output())?.[1] ?? '';
    expect(await authEmulatorAnswers(`http://${emulator}`)).toBe(true);
    return { run, emulator: `http://${emulator}`, editor };
  }

  it('stops with the server on SIGTERM to npm run, as on Ctrl-C', async () => {
    const { run, emulator, editor } = await started();
    run.child.kill('SIGTERM');
    await until('npm run to end', () => run.child.exitCode !== null || run.child.signalCode !== null, run);
    await until('the emulator to stop answering', async () => !(await authEmulatorAnswers(emulator)), run);
    await expect(fetch(`${editor}/_editor`)).rejects.toThrow();
  }, 2 * STEP_MS);

  it('stops even when the server is killed outright (no handler runs)', async () => {
    const { run, emulator } = await started();
    // npm run → tsx (the shell execs it) → the server, which tsx runs in a child process.
    const tsx = childrenOf(run.child.pid!);
    const server = tsx.flatMap(childrenOf);
    expect(server).toHaveLength(1);
    process.kill(server[0]!, 'SIGKILL');
    await until('the emulator to stop answering', async () => !(await authEmulatorAnswers(emulator)), run);
    await until('npm run to end', () => run.child.exitCode !== null || run.child.signalCode !== null, run);
  }, 2 * STEP_MS);
});
