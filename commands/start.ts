/**
 * `npm start`: builds the production site, starts the Firebase Auth emulator (unless the firebase
 * block of pages/_site.yaml names a real Firebase project rather than a `demo-` one), serves dist/
 * on http://127.0.0.1:${PORT:-4173}, and stops everything on Ctrl-C or SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import {
  AUTH_EMULATOR_URL as EMULATOR_URL,
  ROOT,
  authEmulatorAnswers as emulatorAnswers,
  startEmulator,
  stopEmulator,
  waitForEmulator,
} from '../scripts/hosting/auth-emulator';
import { isEmulatorBuild, readSiteFirebase } from '../scripts/hosting/deploy-config';
import { serve, type RunningServer } from '../scripts/hosting/serve';

function run(command: string, args: string[]): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit' });
    child.once('error', fail);
    child.once('exit', (code, signal) => done(code ?? (signal ? 1 : 0)));
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
