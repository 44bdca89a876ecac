import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_API_CALLS_LIMIT,
  DEFAULT_PACKAGE,
  DomainException,
  ErrorCode,
  type OwnerEvent,
  type PackageId,
  REALTIME_SUBJECT,
  USAGE_WARNING_MESSAGES,
  usageSummary,
  type UsageResponse,
  usageWarningLevel,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';

interface AccountRow {
  current_package: string;
  api_calls_used: number;
  api_calls_limit: number;
  warning_level: number;
}

/** The API-call meter: one call per AI reply or test-chat answer, counted atomically against the limit. */
@Injectable()
export class UsageService {
  constructor(
    private readonly em: EntityManager,
    private readonly bus: ServiceClient,
  ) {}

  async get(ownerId: string, em: EntityManager = this.em): Promise<UsageResponse> {
    const [row] = await em
      .getConnection()
      .execute<AccountRow[]>(
        'select current_package, api_calls_used, api_calls_limit, warning_level from accounts where owner_id = ?',
        [ownerId],
      );
    if (!row) return usageSummary(0, DEFAULT_API_CALLS_LIMIT, DEFAULT_PACKAGE);
    return usageSummary(row.api_calls_used, row.api_calls_limit, row.current_package as PackageId);
  }

  /**
   * Counts one call for `key` unless that key was counted already. Counting is one statement (the
   * increment and the key's row together), so parallel calls never take the meter past its limit, a key
   * is recorded only with its increment, and the account row stays locked only for that statement.
   * At the limit: QUOTA_EXCEEDED, and nothing is recorded.
   */
  async consume(ownerId: string, key: string): Promise<UsageResponse> {
    let account = await this.countNewKey(ownerId, key);
    if (!account) {
      // The key was counted before, the owner has no account yet, or the limit is reached.
      if (await this.isCounted(ownerId, key)) return this.get(ownerId);
      await this.em
        .getConnection()
        .execute('insert into accounts (owner_id) values (?) on conflict do nothing', [ownerId]);
      account = await this.countNewKey(ownerId, key);
    }
    if (!account) {
      if (await this.isCounted(ownerId, key)) return this.get(ownerId);
      throw new DomainException(
        ErrorCode.QuotaExceeded,
        "You've reached your API call limit. Please purchase additional calls to continue.",
      );
    }
    const summary = usageSummary(
      account.api_calls_used,
      account.api_calls_limit,
      account.current_package as PackageId,
    );
    const level = usageWarningLevel(account.api_calls_used, account.api_calls_limit);
    if (level > account.warning_level && (await this.raiseWarningLevel(ownerId, level)))
      this.announce(ownerId, level, summary);
    return summary;
  }

  /**
   * Increments the account and records the key, or changes nothing and answers undefined (key seen, no
   * account, at the limit). A concurrent call with the same key waits for the account row, then fails on
   * the key's primary key, which undoes its increment too.
   */
  private async countNewKey(ownerId: string, key: string): Promise<AccountRow | undefined> {
    try {
      const [account] = await this.em.getConnection().execute<AccountRow[]>(
        `with account as (
           update accounts set api_calls_used = api_calls_used + 1, updated_at = now()
            where owner_id = ? and api_calls_used < api_calls_limit
              and not exists (select 1 from usage_events where owner_id = ? and key = ?)
            returning current_package, api_calls_used, api_calls_limit, warning_level
         ), recorded as (
           insert into usage_events (owner_id, key) select ?, ? from account
         )
         select * from account`,
        [ownerId, ownerId, key, ownerId, key],
      );
      return account;
    } catch (error) {
      // PostgreSQL's unique_violation (raw SQL errors are not converted to MikroORM's exceptions).
      if ((error as { code?: unknown } | null)?.code === '23505') return undefined;
      throw error;
    }
  }

  private async isCounted(ownerId: string, key: string): Promise<boolean> {
    const rows = await this.em
      .getConnection()
      .execute('select 1 from usage_events where owner_id = ? and key = ?', [ownerId, key]);
    return rows.length > 0;
  }

  /** True if this call raised the stored level, so each level is announced once. */
  private async raiseWarningLevel(ownerId: string, level: number): Promise<boolean> {
    const raised = await this.em.getConnection().execute(
      `update accounts set warning_level = ?, last_warning_at = now()
          where owner_id = ? and warning_level < ? returning owner_id`,
      [level, ownerId, level],
    );
    return raised.length > 0;
  }

  private announce(ownerId: string, level: number, usage: UsageResponse): void {
    const message = USAGE_WARNING_MESSAGES[level as keyof typeof USAGE_WARNING_MESSAGES];
    const event: OwnerEvent = { ownerId, event: { type: 'usage_warning', message, data: { ...usage } } };
    this.bus.emit(REALTIME_SUBJECT, event);
  }
}
