// Types of supervise.mjs for the TypeScript spec that imports it.
import type { ChildProcess, SpawnOptions } from 'node:child_process';

export interface Backoff {
  /** The wait before the first restart; doubled after each crash in a row. */
  initialMs: number;
  /** The longest wait. */
  maxMs: number;
  /** A run at least this long was no crash loop: the count starts again. */
  stableAfterMs: number;
  /** Crashes in a row after which the app is left down. */
  maxCrashes: number;
}
export declare const DEFAULT_BACKOFF: Backoff;
export declare function supervise(options: {
  name: string;
  command: string;
  args?: string[];
  options?: SpawnOptions;
  onStart?: (child: ChildProcess) => void;
  log: (line: string) => void;
  onGiveUp?: () => void;
  backoff?: Partial<Backoff>;
}): { stop(): Promise<void> };
