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

  async get(ownerId: string): Promise<UsageResponse> {
    const [row] = await this.em
      .getConnection()
      .execute<AccountRow[]>('select current_package, api_calls_used, api_calls_limit, warning_level from accounts where owner_id = ?', [ownerId]);
    if (!row) return usageSummary(0, DEFAULT_API_CALLS_LIMIT, DEFAULT_PACKAGE);
    return usageSummary(row.api_calls_used, row.api_calls_limit, row.current_package as PackageId);
  }

  /**
   * Counts one call for `key` unless that key was counted already. The account row is locked for the
   * decision, so parallel calls never take the meter past its limit. At the limit: QUOTA_EXCEEDED.
   */
  async consume(ownerId: string, key: string): Promise<UsageResponse> {
    let warning: { level: number } | undefined;
    const summary = await this.em.transactional(async (em) => {
      const conn = em.getConnection();
      const ctx = em.getTransactionContext();
      await conn.execute('insert into accounts (owner_id) values (?) on conflict do nothing', [ownerId], 'run', ctx);
      const [account] = await conn.execute<AccountRow[]>(
        'select current_package, api_calls_used, api_calls_limit, warning_level from accounts where owner_id = ? for update',
        [ownerId],
        'all',
        ctx,
      );
      const counted = await conn.execute<unknown[]>(
        'select 1 from usage_events where owner_id = ? and key = ?',
        [ownerId, key],
        'all',
        ctx,
      );
      const pkg = account.current_package as PackageId;
      if (counted.length > 0) return usageSummary(account.api_calls_used, account.api_calls_limit, pkg);
      if (account.api_calls_used >= account.api_calls_limit) {
        throw new DomainException(
          ErrorCode.QuotaExceeded,
          "You've reached your API call limit. Please purchase additional calls to continue.",
        );
      }
      const used = account.api_calls_used + 1;
      const level = usageWarningLevel(used, account.api_calls_limit);
      await conn.execute('insert into usage_events (owner_id, key) values (?, ?)', [ownerId, key], 'run', ctx);
      await conn.execute(
        `update accounts set api_calls_used = ?, warning_level = ?,
           last_warning_at = case when ? > warning_level then now() else last_warning_at end, updated_at = now()
         where owner_id = ?`,
        [used, level, level, ownerId],
        'run',
        ctx,
      );
      if (level > account.warning_level) warning = { level };
      return usageSummary(used, account.api_calls_limit, pkg);
    });
    if (warning) this.announce(ownerId, warning.level, summary);
    return summary;
  }

  private announce(ownerId: string, level: number, usage: UsageResponse): void {
    const message = USAGE_WARNING_MESSAGES[level as keyof typeof USAGE_WARNING_MESSAGES];
    const event: OwnerEvent = { ownerId, event: { type: 'usage_warning', message, data: { ...usage } } };
    this.bus.emit(REALTIME_SUBJECT, event);
  }
}
