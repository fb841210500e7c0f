/**
 * `npm run test:browser [-- --no-build] [files…]`
 *
 * Builds the production site (unless --no-build is given and dist/index.html exists), then runs
 * the browser tests inside `firebase emulators:exec`, which starts the Auth emulator, runs them,
 * stops it, and returns their exit code. If an Auth emulator is already running (`npm start` in
 * another terminal), the tests use it instead.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import {
  AUTH_EMULATOR_ARGS,
  AUTH_EMULATOR_URL,
  FIREBASE_BIN,
  FIREBASE_QUIET_ENV,
  authEmulatorAnswers,
} from '../../scripts/hosting/auth-emulator';
import { CHROMIUM_PATH, DIST, ROOT } from './harness';

const TSX_BIN = join(ROOT, 'node_modules/.bin/tsx');

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.once('error', fail);
    child.once('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      done(code ?? (signal ? 1 : 0));
    });
  });
}

/** The build under test talks to the emulator: drop any real Firebase project from its env. */
function emulatorBuildEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('VITE_FIREBASE_') || name === 'VITE_AUTH_EMULATOR_HOST') delete env[name];
  }
  return env;
}

function quote(arg: string): string {
  return `'${arg.replaceAll("'", `'\\''`)}'`;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { build: { type: 'boolean', default: false }, 'no-build': { type: 'boolean', default: false } },
  });

  if (!existsSync(CHROMIUM_PATH)) {
    console.error(`No Chromium at ${CHROMIUM_PATH}. Install Debian's: apt-get install -y chromium (or set CHROMIUM_PATH).`);
    return 1;
  }

  // Always the production build by default: that is what ships.
  if (values.build || !values['no-build'] || !existsSync(join(DIST, 'index.html'))) {
    const code = await run('npm', ['run', 'build'], emulatorBuildEnv());
    if (code !== 0) return code;
  }

  const files =
    positionals.length > 0
      ? positionals
      : readdirSync(join(ROOT, 'tests/browser'))
          .filter((name) => name.endsWith('.test.ts'))
          .sort()
          .map((name) => relative(ROOT, join(ROOT, 'tests/browser', name)));
  // One file at a time: the files share the emulator's accounts.
  const testArgs = ['--test', '--test-concurrency=1', ...files];
  const env = { ...process.env, ...FIREBASE_QUIET_ENV };

  if (await authEmulatorAnswers()) {
    console.log(`Using the Auth emulator already running on ${AUTH_EMULATOR_URL}.`);
    return run(TSX_BIN, testArgs, { ...env, FIREBASE_AUTH_EMULATOR_HOST: new URL(AUTH_EMULATOR_URL).host });
  }
  const script = [TSX_BIN, ...testArgs].map(quote).join(' ');
  return run(FIREBASE_BIN, ['emulators:exec', ...AUTH_EMULATOR_ARGS, script], env);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
