// Types of report.mjs for the TypeScript specs that import it.

/** A load measurement: req/s, latencies in ms (lib/load.mjs). */
export interface Measurement {
  rps: number;
  p50: number;
  p95?: number;
  p99: number;
  requests: number;
  errors: number;
  seconds: number;
  /** A capacity measurement that not even its first rate kept: that rate. */
  below?: number;
  /** The largest resident-memory change of the apps watched while it ran, in MB (either way). */
  residentMb?: number;
  note?: string;
}
export type Target =
  | { ratio: number; p99Ratio?: number; withinMs?: number; residentMb?: number }
  | { p99Ms: number }
  | { p95Ms: number }
  | { capacity: number }
  | { rps: number };
export declare function judge(
  target: Target,
  measured: { ours: Measurement; floor?: Measurement },
): { value: number; pass: boolean; label: string; shown: string };
export declare function tooManyErrors(m: Measurement | undefined): boolean;
export declare function num(n: number | undefined | null): string;
