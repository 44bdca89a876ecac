import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full GC left alive: 200 %, a limit of
 * three times the live heap.
 *
 * V8's own factor follows the ratio of GC speed to allocation speed. Under a steady load of list pages
 * it fell so low that the limit sat below the young generation's size, and V8 started marking again
 * right after each full GC. A fixed factor keeps full GCs rare; the measurements are in
 * docs/performance.md ("Heap growth factor").
 */
export const HEAP_GROWING_PERCENT = 200;

/**
 * Applies `percent` (HEAP_GROWING_PERCENT unless the service says otherwise) unless node was started with
 * its own `--heap-growing-percent`. V8 reads the flag each time it sets the heap's limit, so setting it at
 * startup is enough.
 */
export function tuneHeap(
  execArgv: readonly string[] = process.execArgv,
  percent: number = HEAP_GROWING_PERCENT,
): void {
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent(=|$)/.test(arg))) return;
  setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
