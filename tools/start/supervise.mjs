// `npm start`'s process supervisor: runs one app as a child process and starts it again when it exits
// on its own, as Kubernetes restarts a container (docs/architecture.md, "Answers and NATS's
// max_payload"). Restarts wait longer after each crash in a row (exponential backoff), a run that lasted
// `stableAfterMs` starts the count again, and after `maxCrashes` crashes in a row the app is left down
// (logged) while the others keep running.
import { spawn } from 'node:child_process';

export const DEFAULT_BACKOFF = { initialMs: 1000, maxMs: 30_000, stableAfterMs: 60_000, maxCrashes: 5 };

/**
 * Starts `command args` (child_process.spawn with `options`) under supervision.
 * - `onStart(child)` is called for each run (to pipe its output).
 * - `log(line)` receives one line per exit, restart and giving up.
 * - `onGiveUp()` is called once the app has crashed `maxCrashes` times in a row.
 * Returns `{ stop }`: stop() ends supervision (no more restarts), sends SIGTERM to the running child
 * and resolves when it has exited (at once when none runs).
 */
export function supervise({ name, command, args = [], options = {}, onStart, log, onGiveUp, backoff = {} }) {
  const { initialMs, maxMs, stableAfterMs, maxCrashes } = { ...DEFAULT_BACKOFF, ...backoff };
  let child;
  let crashes = 0;
  let stopping = false;
  let timer;
  let exited = Promise.resolve();

  const start = () => {
    timer = undefined;
    const startedAt = Date.now();
    child = spawn(command, args, options);
    onStart?.(child);
    exited = new Promise((resolve) => {
      child.on('error', (error) => log(`${name} could not start: ${error.message}`));
      child.on('exit', (code, signal) => {
        child = undefined;
        resolve();
        if (stopping) return;
        const how = signal ?? `code ${code}`;
        if (Date.now() - startedAt >= stableAfterMs) crashes = 0;
        crashes++;
        if (crashes >= maxCrashes) {
          log(`${name} exited (${how}), ${crashes} times in a row: giving up; the others keep running`);
          onGiveUp?.();
          return;
        }
        const delay = Math.min(initialMs * 2 ** (crashes - 1), maxMs);
        log(
          `${name} exited (${how}); restarting in ${delay} ms (crash ${crashes} of ${maxCrashes} in a row)`,
        );
        timer = setTimeout(start, delay);
      });
    });
  };

  start();
  return {
    stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      child?.kill('SIGTERM');
      return exited;
    },
  };
}
