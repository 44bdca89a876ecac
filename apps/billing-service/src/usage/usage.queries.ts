import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BillingAccount } from '@parley/contracts';
import { isoTime, sql } from '@parley/server-kit';
import { type AllowanceChange, DUE_FOR_ROLLOVER, ensureAccounts, rollOver } from '../billing/allowance.sql';

/** An owner's API-call meter: their row of accounts, with its period. */
export interface Meter extends BillingAccount {
  /** Refill calls in this period's limit (bought in it or carried into it). */
  refillCalls: number;
  periodStart: Date;
  /** null: the period does not end. */
  periodEnd: Date | null;
}

/** One API call, counted once per owner and key. */
export interface UsageCall {
  ownerId: string;
  key: string;
}

/** A meter's count after a batch, and the warning level that count reached. */
export interface MeterChange {
  ownerId: string;
  apiCallsUsed: number;
  warningLevel: number;
}

/** What a batch writes once it has decided: the new calls it refused, and the meters it counted on. */
export interface BatchWrites {
  refused: readonly UsageCall[];
  changes: readonly MeterChange[];
}

interface MeterRow {
  owner_id: string;
  current_package: string;
  api_calls_used: number;
  api_calls_limit: number | null;
  warning_level: number;
  refill_calls: number;
  /** timestamptz as PostgreSQL's text (see isoTime). */
  period_start: string;
  period_end: string | null;
}

const METER_COLUMNS =
  'owner_id, current_package, api_calls_used, api_calls_limit, warning_level, refill_calls, period_start, period_end';

/** `?` as a JSON array of { owner_id, key } rows. */
const CALLS = 'jsonb_to_recordset(?::jsonb) as c(owner_id uuid, key text)';

function toMeter(row: MeterRow): Meter {
  return {
    ownerId: row.owner_id,
    currentPackage: row.current_package,
    apiCallsUsed: row.api_calls_used,
    apiCallsLimit: row.api_calls_limit,
    warningLevel: row.warning_level,
    refillCalls: row.refill_calls,
    periodStart: new Date(isoTime(row.period_start)),
    periodEnd: row.period_end === null ? null : new Date(isoTime(row.period_end)),
  };
}

function callsJson(calls: readonly UsageCall[]): string {
  return JSON.stringify(calls.map((c) => ({ owner_id: c.ownerId, key: c.key })));
}

/**
 * The SQL of the meter: the only place that reads or writes accounts' counts and usage_events. Plain
 * prepared SQL (server-kit's sql): a call is counted for every AI reply and test-chat answer, and a
 * batch's statements are row locks, jsonb tables and `on conflict`.
 */
@Injectable()
export class UsageQueries {
  constructor(private readonly em: EntityManager) {}

  /** The owner's meter; undefined for a new owner, who has no row yet. */
  async meter(ownerId: string): Promise<Meter | undefined> {
    const [row] = await sql<MeterRow>(this.em, `select ${METER_COLUMNS} from accounts where owner_id = ?`, [
      ownerId,
    ]);
    return row && toMeter(row);
  }

  /**
   * One transaction for a batch of distinct calls. The owners' meters are locked first (in one order,
   * so concurrent batches cannot deadlock; a new owner's is created on first use, and one whose period
   * ended without a payment due is renewed first, see rollOver: `renewed`), then the calls are
   * recorded: a call recorded before (by an earlier batch) is not recorded again. `decide` is given the
   * locked meters and the calls recorded now, and answers which of those to refuse and the meters' new
   * counts; the refused calls are removed again and the counts stored (a warning level only rises, and
   * stamps its time when it does). Answers what `decide` answered.
   */
  async countBatch<T extends BatchWrites>(
    calls: readonly UsageCall[],
    now: Date,
    decide: (meters: ReadonlyMap<string, Meter>, recorded: readonly UsageCall[]) => T,
  ): Promise<{ decision: T; renewed: AllowanceChange[] }> {
    return this.em.transactional(async (em) => {
      const ownerIds = [...new Set(calls.map((c) => c.ownerId))].sort();
      const lock = () =>
        sql<MeterRow & { due: boolean }>(
          em,
          `select ${METER_COLUMNS}, ${DUE_FOR_ROLLOVER} as due
             from accounts where owner_id = any(?::uuid[]) order by owner_id for update`,
          [now, now, ownerIds],
        );
      let rows = await lock();
      if (rows.length < ownerIds.length) {
        await ensureAccounts(em, ownerIds, now);
        rows = await lock();
      }
      let renewed: AllowanceChange[] = [];
      const due = rows.filter((row) => row.due).map((row) => row.owner_id);
      if (due.length > 0) {
        renewed = await rollOver(em, due, now);
        rows = await lock();
      }
      const recorded = await sql<{ owner_id: string; key: string }>(
        em,
        `insert into usage_events (owner_id, key) select owner_id, key from ${CALLS}
         on conflict do nothing returning owner_id, key`,
        [callsJson(calls)],
      );
      const decision = decide(
        new Map(rows.map((row) => [row.owner_id, toMeter(row)])),
        recorded.map((r) => ({ ownerId: r.owner_id, key: r.key })),
      );
      if (decision.refused.length > 0) {
        await sql(
          em,
          `delete from usage_events where (owner_id, key) in (select owner_id, key from ${CALLS})`,
          [callsJson(decision.refused)],
        );
      }
      if (decision.changes.length > 0) {
        await sql(
          em,
          `update accounts a set api_calls_used = v.used, updated_at = now(),
                  warning_level = greatest(a.warning_level, v.level),
                  last_warning_at = case when v.level > a.warning_level then now() else a.last_warning_at end
             from jsonb_to_recordset(?::jsonb) as v(owner_id uuid, used int, level int)
            where a.owner_id = v.owner_id`,
          [
            JSON.stringify(
              decision.changes.map((c) => ({
                owner_id: c.ownerId,
                used: c.apiCallsUsed,
                level: c.warningLevel,
              })),
            ),
          ],
        );
      }
      return { decision, renewed };
    });
  }
}
