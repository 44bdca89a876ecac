// Types of capacity.mjs for the TypeScript specs that import it.
import type { Measurement } from './report.mjs';

export interface Steps {
  rates: number[];
  seconds: number;
}
export declare function capacitySteps(env?: Record<string, string | undefined>): Steps;
export declare function describeSteps(steps: Steps): string;
export declare function findCapacity(
  steps: Steps,
  step: (rate: number, seconds: number) => Promise<{ kept: boolean; ours: Measurement; why: string }>,
): Promise<{ ours: Measurement; extra: Record<string, { note: string }> }>;
export declare function latencyNote(m: Measurement): string;
export declare function stepMeasurement<P extends { sentAt: number }>(
  posts: { sent: P[]; seconds: number },
  acked: P[],
  doneAt: (r: P) => number,
  sendEnd: number,
): Measurement;
