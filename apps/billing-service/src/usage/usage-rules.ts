import { type UsageResponse, usageWarningLevel } from '@parley/contracts';
import { toUsageResponse } from './usage.mapper';
import type { BatchWrites, Meter, MeterChange, UsageCall } from './usage.queries';

// How a batch of API calls is counted against the owners' limits, decided here in TypeScript;
// usage.queries.ts locks the meters, records the calls and stores what this decides.

/** A warning level reached by a batch, announced once it is committed. */
export interface Warning {
  ownerId: string;
  level: number;
  usage: UsageResponse;
}

/** A batch counted: each call's answer (in the calls' order), what to write, and what to announce. */
export interface CountedBatch extends BatchWrites {
  outcomes: (UsageResponse | 'exceeded')[];
  refused: UsageCall[];
  changes: MeterChange[];
  warnings: Warning[];
}

const callId = (call: UsageCall) => `${call.ownerId} ${call.key}`;

/** The calls with each owner and key once, in the order they first came. */
export function distinctCalls(calls: readonly UsageCall[]): UsageCall[] {
  return [...new Map(calls.map((c) => [callId(c), c])).values()];
}

/**
 * Counts a batch on the owners' locked `meters` (one for every owner of `calls`). Only the calls
 * `recorded` now count (a key counted before, earlier or earlier in this batch, counts nothing again);
 * each owner's are counted in order until the limit, and the ones past it are refused ('exceeded').
 * Every other call is answered with its owner's usage after the batch. A meter the batch counted on
 * changes; a warning level it reaches above the stored one is announced once.
 */
export function countCalls(
  calls: readonly UsageCall[],
  meters: ReadonlyMap<string, Meter>,
  recorded: readonly UsageCall[],
): CountedBatch {
  /** The meters this batch counted on, as counted so far. */
  const counting = new Map<string, Meter>();
  const meterOf = (ownerId: string): Meter => {
    const meter = counting.get(ownerId) ?? meters.get(ownerId);
    if (!meter) throw new Error(`No meter was locked for owner ${ownerId}`);
    return meter;
  };
  const fresh = new Set(recorded.map(callId));
  const outcome = new Map<string, UsageResponse | 'exceeded'>();
  const refused: UsageCall[] = [];
  for (const call of calls) {
    const id = callId(call);
    if (!fresh.has(id) || outcome.has(id)) continue;
    const meter = meterOf(call.ownerId);
    if (meter.apiCallsLimit !== null && meter.apiCallsUsed >= meter.apiCallsLimit) {
      refused.push(call);
      outcome.set(id, 'exceeded');
      continue;
    }
    const counted = { ...meter, apiCallsUsed: meter.apiCallsUsed + 1 };
    counting.set(call.ownerId, counted);
    outcome.set(id, toUsageResponse(counted));
  }
  const changes: MeterChange[] = [];
  const warnings: Warning[] = [];
  for (const meter of counting.values()) {
    const level = usageWarningLevel(meter.apiCallsUsed, meter.apiCallsLimit);
    changes.push({ ownerId: meter.ownerId, apiCallsUsed: meter.apiCallsUsed, warningLevel: level });
    if (level > meter.warningLevel)
      warnings.push({ ownerId: meter.ownerId, level, usage: toUsageResponse(meter) });
  }
  const outcomes = calls.map((c) => outcome.get(callId(c)) ?? toUsageResponse(meterOf(c.ownerId)));
  return { outcomes, refused, changes, warnings };
}
