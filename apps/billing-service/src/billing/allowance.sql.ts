import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_API_CALLS_LIMIT, DEFAULT_PACKAGE, type UsageChangedData } from '@parley/contracts';
import { sql } from '@parley/server-kit';
import { calendarMonth } from './periods';

/**
 * The refill calls still unused at the end of a period: plan calls are used first, so whatever of the
 * allowance is left is refill calls, up to those there were. Unlimited (no limit): none were used.
 */
export const CARRIED_REFILL = `least(refill_calls, greatest(0, coalesce(api_calls_limit - api_calls_used, refill_calls)))`;

/** Whether an account's period is over and it renews without a payment: Free at its month's end, or a cancelled plan. */
export const DUE_FOR_ROLLOVER = `((current_package = 'free' and period_end <= ?) or cancels_at <= ?)`;

/** An owner whose allowance changed: the reason the browser is told (realtime 'usage_changed'). */
export interface AllowanceChange {
  ownerId: string;
  reason: UsageChangedData['reason'];
}

/**
 * Renews the due accounts among `ownerIds` (see DUE_FOR_ROLLOVER) in one statement: Free for the calendar
 * month of `now` (a cancelled plan ends here, its subscription forgotten), the Free plan's calls plus the
 * refill calls carried over, nothing used, warning levels from 0. Runs on `em`'s transaction if it has one.
 */
export async function rollOver(
  em: EntityManager,
  ownerIds: readonly string[],
  now: Date,
): Promise<AllowanceChange[]> {
  const month = calendarMonth(now);
  const rows = await sql<{ owner_id: string; cancelled: boolean }>(
    em,
    `with due as (
       select owner_id, cancels_at is not null as cancelled, ${CARRIED_REFILL} as carried
         from accounts where owner_id = any(?::uuid[]) and ${DUE_FOR_ROLLOVER}
          for update
     )
     update accounts a
        set current_package = 'free', subscription_id = null, cancels_at = null,
            refill_calls = due.carried, api_calls_used = 0, warning_level = 0, last_warning_at = null,
            api_calls_limit = free.monthly_api_calls + due.carried,
            period_start = ?, period_end = ?, updated_at = now()
       from due, plans free
      where a.owner_id = due.owner_id and free.id = 'free'
     returning a.owner_id, due.cancelled`,
    [ownerIds, now, now, month.start, month.end],
  );
  return rows.map((r) => ({ ownerId: r.owner_id, reason: r.cancelled ? 'cancellation' : 'renewal' }));
}

/**
 * A new owner's account unless it exists: on the Free plan with the Free plan's calls for this calendar
 * month, from the first minute (no activation). The columns' own defaults (spec 001 §3: 50 calls) are
 * what the plan replaces here; they stand only if the Free plan's row is gone.
 */
export async function ensureAccounts(
  em: EntityManager,
  ownerIds: readonly string[],
  now: Date,
): Promise<void> {
  const month = calendarMonth(now);
  await sql(
    em,
    `insert into accounts (owner_id, current_package, api_calls_limit, period_start, period_end)
     select value::uuid, ?, case when free.id is null then ? else free.monthly_api_calls end, ?, ?
       from jsonb_array_elements_text(?::jsonb) left join plans free on free.id = ?
     on conflict do nothing`,
    [
      DEFAULT_PACKAGE,
      DEFAULT_API_CALLS_LIMIT,
      month.start,
      month.end,
      JSON.stringify(ownerIds),
      DEFAULT_PACKAGE,
    ],
  );
}
