// @ts-check
/**
 * Runs a command (the Auth emulator) for as long as the process that started this one lives, and
 * stops it when that process ends in any way: Ctrl-C, SIGTERM, a crash, or a SIGKILL that no
 * handler sees (tsx kills its child so when the child is slow to acknowledge a signal). The parent
 * holds this process's stdin open; when the parent is gone, the pipe closes, and the command is
 * asked to shut down (SIGINT, as Ctrl-C does), then killed if it takes too long.
 *
 * Plain JavaScript so that Node runs it without tsx. Started in a process group of its own
 * (auth-emulator.ts): a signal to that group reaches the command too, and this process only waits
 * for the command to end, ending with it.
 *
 *   CESA_EMULATOR_GUARD_REMOVES=<folder> node emulator-guard.mjs <command> [args…]
 *
 * The folder named (the emulator's own configuration, when it runs on another port) is removed once
 * the command has ended.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';

const STOP_TIMEOUT_MS = 10_000;

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('emulator-guard: no command to run.');
  process.exit(2);
}

const removes = process.env.CESA_EMULATOR_GUARD_REMOVES;
delete process.env.CESA_EMULATOR_GUARD_REMOVES;
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });

/** @param {number} code */
function end(code) {
  if (removes) rmSync(removes, { recursive: true, force: true });
  process.exit(code);
}

child.on('error', (error) => {
  console.error(`The Auth emulator could not be started: ${error.message}`);
  end(1);
});
child.on('exit', (code, signal) => end(code ?? (signal ? 1 : 0)));

/**
 * The command is asked to stop once (a second SIGINT would make firebase-tools stop without its
 * clean shutdown); it is killed, with this whole group, if it does not stop in time.
 * `ask`: false when the signal to the group has already reached the command.
 */
let stopping = false;
function stop(ask = true) {
  if (stopping) return;
  stopping = true;
  if (ask) child.kill('SIGINT');
  setTimeout(() => {
    try {
      process.kill(-process.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }, STOP_TIMEOUT_MS).unref();
}

// A signal to the group reaches the command itself: this process waits for it to end, and makes
// sure it does.
process.on('SIGINT', () => stop(false));
process.on('SIGTERM', () => stop(false));
process.on('SIGHUP', () => stop(false));

// The parent is gone (or closed the pipe): stop.
process.stdin.on('end', () => stop());
process.stdin.on('close', () => stop());
process.stdin.on('error', () => stop());
process.stdin.resume();
