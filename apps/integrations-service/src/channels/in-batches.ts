import { mapAtMost } from '@parley/server-kit';

/** Calls a provider made at once for one owner's assets (an owner may have many pages). */
const CALLS_AT_ONCE = 5;

/** Runs `run` on every item, CALLS_AT_ONCE at a time. */
export async function inBatches<T>(items: readonly T[], run: (item: T) => Promise<void>): Promise<void> {
  await mapAtMost(items, CALLS_AT_ONCE, run);
}
