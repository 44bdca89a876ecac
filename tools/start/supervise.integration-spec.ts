/**
 * `npm start`'s supervisor with a tiny real child: a node script that counts its runs in a file and
 * exits 1 for as many runs as it is told, then keeps running.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { supervise } from './supervise.mjs';

let dir: string;
let runs: string;
let logged: string[];
/** The pid of each run, in order. */
let pids: number[];

beforeEach(() => {
  pids = [];
  dir = mkdtempSync(path.join(os.tmpdir(), 'parley-supervise-'));
  runs = path.join(dir, 'runs');
  writeFileSync(runs, '');
  logged = [];
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The times (ms since epoch) the child started, one per run. */
function starts(): number[] {
  return readFileSync(runs, 'utf8').trim().split('\n').filter(Boolean).map(Number);
}

/** Supervises a child that crashes on its first `crashing` runs (all of them with Infinity). */
function child(crashing: number, backoff: Record<string, number>, onGiveUp?: () => void) {
  const script = `
    const fs = require('node:fs');
    fs.appendFileSync(${JSON.stringify(runs)}, Date.now() + '\\n');
    const run = fs.readFileSync(${JSON.stringify(runs)}, 'utf8').trim().split('\\n').length;
    if (run <= ${crashing === Infinity ? 'Infinity' : crashing}) process.exit(1);
    setInterval(() => undefined, 1000);
  `;
  return supervise({
    name: 'tiny-service',
    command: process.execPath,
    args: ['-e', script],
    options: { stdio: 'ignore' },
    onStart: (started) => pids.push(started.pid ?? 0),
    log: (line) => logged.push(line),
    onGiveUp,
    backoff,
  });
}

async function until(done: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

it('restarts a child that exits, waiting twice as long after each crash in a row, and logs each', async () => {
  const supervisor = child(3, { initialMs: 200, maxMs: 10_000, maxCrashes: 10 });
  await until(() => starts().length === 4);
  const gaps = starts()
    .slice(1)
    .map((at, i) => at - starts()[i]);
  // 200, 400 and 800 ms, plus the time node takes to start (not more than a few hundred ms here).
  expect(gaps[0]).toBeGreaterThanOrEqual(200);
  expect(gaps[1]).toBeGreaterThanOrEqual(400);
  expect(gaps[2]).toBeGreaterThanOrEqual(800);
  expect(logged).toEqual([
    'tiny-service exited (code 1); restarting in 200 ms (crash 1 of 10 in a row)',
    'tiny-service exited (code 1); restarting in 400 ms (crash 2 of 10 in a row)',
    'tiny-service exited (code 1); restarting in 800 ms (crash 3 of 10 in a row)',
  ]);
  // The fourth run stays up; stopping it ends it for good, without a restart.
  await supervisor.stop();
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(starts()).toHaveLength(4);
  expect(logged).toHaveLength(3);
}, 20_000);

it('caps the wait, and gives up after maxCrashes crashes in a row', async () => {
  const gaveUp = jest.fn();
  child(Infinity, { initialMs: 50, maxMs: 100, maxCrashes: 4 }, gaveUp);
  await until(() => gaveUp.mock.calls.length === 1);
  expect(logged).toEqual([
    'tiny-service exited (code 1); restarting in 50 ms (crash 1 of 4 in a row)',
    'tiny-service exited (code 1); restarting in 100 ms (crash 2 of 4 in a row)',
    'tiny-service exited (code 1); restarting in 100 ms (crash 3 of 4 in a row)',
    'tiny-service exited (code 1), 4 times in a row: giving up; the others keep running',
  ]);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(starts()).toHaveLength(4);
  expect(gaveUp).toHaveBeenCalledTimes(1);
}, 20_000);

it('counts again from the first wait after a run that lasted stableAfterMs', async () => {
  // Runs 1 and 2 crash at once; run 3 lives 400 ms (longer than stableAfterMs) and is killed from outside.
  const supervisor = child(2, { initialMs: 100, maxMs: 10_000, stableAfterMs: 300, maxCrashes: 10 });
  await until(() => starts().length === 3);
  await new Promise((resolve) => setTimeout(resolve, 400));
  process.kill(pids[2], 'SIGKILL');
  await until(() => starts().length === 4);
  expect(logged[2]).toBe('tiny-service exited (SIGKILL); restarting in 100 ms (crash 1 of 10 in a row)');
  await supervisor.stop();
}, 20_000);

it('stops during a wait: no restart follows', async () => {
  const supervisor = child(Infinity, { initialMs: 500, maxCrashes: 10 });
  await until(() => logged.length === 1);
  await supervisor.stop();
  await new Promise((resolve) => setTimeout(resolve, 800));
  expect(starts()).toHaveLength(1);
});
