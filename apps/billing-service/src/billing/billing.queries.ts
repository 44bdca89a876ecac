import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { isoTime, sql } from '@parley/server-kit';
import { CARRIED_REFILL } from './allowance.sql';
import type { Period } from './periods';

/** An owner's account row as billing (not the meter) reads it. */
export interface AccountRow {
  owner_id: string;
  current_package: string;
  api_calls_used: number;
  api_calls_limit: number | null;
  warning_level: number;
  refill_calls: number;
  period_start: Date;
  period_end: Date | null;
  subscription_id: string | null;
  cancels_at: Date | null;
}

/** timestamptz columns come as PostgreSQL's text (see isoTime). */
type Stored<T> = {
  [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K];
};

const dateOf = (text: string) => new Date(isoTime(text));

function toAccountRow(row: Stored<AccountRow>): AccountRow {
  return {
    ...row,
    period_start: dateOf(row.period_start),
    period_end: row.period_end === null ? null : dateOf(row.period_end),
    cancels_at: row.cancels_at === null ? null : dateOf(row.cancels_at),
  };
}

export interface PurchaseRow {
  id: string;
  kind: 'plan' | 'refill';
  package_id: string;
  name: string;
  api_calls_added: number | null;
  amount_paid_cents: number;
  currency: string;
  payment_id: string;
  status: 'pending' | 'completed' | 'refunded';
  /** timestamptz as PostgreSQL's text (see isoTime). */
  created_at: string;
}

const ACCOUNT_COLUMNS = `owner_id, current_package, api_calls_used, api_calls_limit, warning_level, refill_calls,
  period_start, period_end, subscription_id, cancels_at`;

/** Purchases shown on the Billing page. */
const PURCHASES_SHOWN = 50;

/** Billing's reads and writes of accounts and purchases; each runs on `em`'s transaction when it has one. */
@Injectable()
export class BillingQueries {
  constructor(private readonly em: EntityManager) {}

  /** The owner's account, locked for the rest of the transaction; undefined: no account. */
  lockAccount(ownerId: string): Promise<AccountRow | undefined> {
    return this.account(ownerId, 'for update');
  }

  /** The owner's account; undefined: no account. */
  async account(ownerId: string, lock: '' | 'for update' = ''): Promise<AccountRow | undefined> {
    const [row] = await sql<Stored<AccountRow>>(
      this.em,
      `select ${ACCOUNT_COLUMNS} from accounts where owner_id = ? ${lock}`,
      [ownerId],
    );
    return row && toAccountRow(row);
  }

  /** The account a subscription pays for, locked; undefined: no account has it. */
  async lockAccountOfSubscription(subscriptionId: string): Promise<AccountRow | undefined> {
    const [row] = await sql<Stored<AccountRow>>(
      this.em,
      `select ${ACCOUNT_COLUMNS} from accounts where subscription_id = ? for update`,
      [subscriptionId],
    );
    return row && toAccountRow(row);
  }

  /**
   * A new period on `planId` (its calls plus the refill calls carried over, nothing used, warnings from
   * 0). `subscriptionId` undefined keeps the account's.
   */
  async startPeriod(
    ownerId: string,
    planId: string,
    period: Period,
    subscriptionId?: string | null,
  ): Promise<void> {
    await sql(
      this.em,
      `update accounts a
          set current_package = p.id, subscription_id = coalesce(?, a.subscription_id), cancels_at = null,
              refill_calls = ${CARRIED_REFILL}, api_calls_used = 0, warning_level = 0, last_warning_at = null,
              api_calls_limit = p.monthly_api_calls + ${CARRIED_REFILL},
              period_start = ?, period_end = ?, updated_at = now()
         from plans p
        where a.owner_id = ? and p.id = ?`,
      [subscriptionId ?? null, period.start, period.end, ownerId, planId],
    );
  }

  /** Free from now on, in the current period: the Free plan's calls plus the refill calls, `used` kept. */
  async activateFree(ownerId: string): Promise<void> {
    await sql(
      this.em,
      `update accounts a set current_package = 'free', api_calls_limit = p.monthly_api_calls + a.refill_calls,
              updated_at = now()
         from plans p where a.owner_id = ? and p.id = 'free'`,
      [ownerId],
    );
  }

  /** A refill's calls, added to this period's allowance; they carry over until used. */
  async addRefill(ownerId: string, calls: number): Promise<void> {
    await sql(
      this.em,
      `update accounts set refill_calls = refill_calls + ?, api_calls_limit = api_calls_limit + ?, updated_at = now()
        where owner_id = ?`,
      [calls, calls, ownerId],
    );
  }

  /**
   * A refunded refill taken back: as many of its calls as are still unused (refill calls, then the rest of
   * the allowance), so the allowance never drops below what was used: the owner is then at the limit.
   */
  async takeBackRefill(ownerId: string, calls: number): Promise<void> {
    await sql(
      this.em,
      `with taken as (
         select owner_id, least(?, refill_calls, greatest(0, coalesce(api_calls_limit - api_calls_used, refill_calls))) as n
           from accounts where owner_id = ? for update
       )
       update accounts a set refill_calls = a.refill_calls - taken.n, api_calls_limit = a.api_calls_limit - taken.n,
              updated_at = now()
         from taken where a.owner_id = taken.owner_id`,
      [calls, ownerId],
    );
  }

  /**
   * The subscription was cancelled: the plan ends at `at` (its period's end), then Free (see rollOver).
   * Null: it renews again (the cancellation was undone before the period's end).
   */
  async cancelAt(ownerId: string, at: Date | null): Promise<void> {
    await sql(this.em, `update accounts set cancels_at = ?, updated_at = now() where owner_id = ?`, [
      at,
      ownerId,
    ]);
  }

  purchases(ownerId: string): Promise<PurchaseRow[]> {
    return sql<PurchaseRow>(
      this.em,
      `select id, kind, package_id, name, api_calls_added, amount_paid_cents, currency, payment_id, status, created_at
         from user_purchases where owner_id = ? order by created_at desc, id desc limit ${PURCHASES_SHOWN}`,
      [ownerId],
    );
  }

  /** A plan's name as purchases show it (its id if the row is gone). */
  async planName(planId: string): Promise<string> {
    const [row] = await sql<{ name: string }>(this.em, `select name from plans where id = ?`, [planId]);
    return row?.name ?? planId;
  }

  /** The plan or refill whose payment link has this id (Stripe's plink_…). */
  async packageOfLink(
    paymentLinkId: string,
  ): Promise<{ kind: 'plan' | 'refill'; id: string; name: string; api_calls: number | null } | undefined> {
    const [row] = await sql<{ kind: 'plan' | 'refill'; id: string; name: string; api_calls: number | null }>(
      this.em,
      `select 'plan' as kind, id, name, monthly_api_calls as api_calls from plans where payment_link_id = ?
       union all
       select 'refill', id, name, api_calls from usage_packages where payment_link_id = ?`,
      [paymentLinkId, paymentLinkId],
    );
    return row;
  }
}
