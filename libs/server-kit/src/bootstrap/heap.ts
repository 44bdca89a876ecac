import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full GC left alive: 200 % (a limit of
 * three times the live heap, ~110 MB for a service's ~36 MB).
 *
 * V8's own factor follows the ratio of GC speed to allocation speed. Under steady load (the gateway
 * passing ~1 000 list pages a second) it falls to ~1.4, which leaves less room than the young
 * generation's 32 MB, so V8 starts marking again right after each full GC: 30+ mark-compacts in 10 s,
 * pauses up to 20 ms each. Which state a process falls into was a matter of chance (an ingest burst
 * made it likely). With a fixed factor the same load runs 4–8 full GCs in 10 s; see docs/agent.md for
 * the measurements.
 */
const HEAP_GROWING_PERCENT = 200;

/**
 * Applies HEAP_GROWING_PERCENT unless node was started with its own `--heap-growing-percent`.
 * V8 reads the flag each time it sets the heap's limit, so setting it at startup is enough.
 */
export function tuneHeap(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
