// Child processes of the bench: every one is tracked so that stopAll() can end them, on success,
// failure or Ctrl-C alike. Floors talk to the harness in JSON lines on stdout.
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

const FLOORS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../floors');
const ROOT = path.resolve(FLOORS_DIR, '../../..');
const live = new Set();

/** Starts `node [nodeArgs] script args` and tracks it until it exits. */
export function spawnNode(name, script, args, { nodeArgs = [], ...options } = {}) {
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], options);
  child.benchName = name;
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Resolves with { code, signal } when the child has exited (at once if it already has). */
export function exited(child) {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** SIGTERM to a child, SIGKILL if it is still there after `graceMs`. */
export async function stop(child, graceMs = 10_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited(child);
  clearTimeout(timer);
}

/** Stops every child still running, in parallel. */
export async function stopAll(graceMs) {
  await Promise.all([...live].map((child) => stop(child, graceMs)));
}

/**
 * Starts floors/<file> with `config` as its JSON argument (a TypeScript floor through @swc-node/register,
 * from the repository's root). The floor's stdin is a pipe it watches, so it exits if the harness dies.
 * `next()` waits for its next JSON line on stdout.
 */
export function spawnFloor(file, config = {}) {
  const typescript = file.endsWith('.ts');
  const child = spawnNode(`floor:${file}`, path.join(FLOORS_DIR, file), [JSON.stringify(config)], {
    stdio: ['pipe', 'pipe', 'inherit'],
    ...(typescript && {
      nodeArgs: ['-r', '@swc-node/register'],
      cwd: ROOT,
      env: { ...process.env, SWC_NODE_PROJECT: path.join(ROOT, 'tsconfig.json') },
    }),
  });
  const queue = [];
  const waiters = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      process.stderr.write(`[${file}] ${line}\n`);
      return;
    }
    const waiter = waiters.shift();
    if (waiter) waiter.resolve(message);
    else queue.push(message);
  });
  child.once('exit', (code, signal) => {
    for (const waiter of waiters.splice(0))
      waiter.reject(new Error(`${file} exited (${signal ?? `code ${code}`}) before answering`));
  });

  return {
    child,
    next(timeoutMs = 60_000) {
      if (queue.length > 0) return Promise.resolve(queue.shift());
      if (child.exitCode !== null || child.signalCode !== null)
        return Promise.reject(new Error(`${file} is not running`));
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${file} did not answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
        waiters.push({
          resolve: (message) => (clearTimeout(timer), resolve(message)),
          reject: (error) => (clearTimeout(timer), reject(error)),
        });
      });
    },
    stop: () => stop(child, 5000),
  };
}
