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
   * Counts one call for `key` unless that key was counted already. The key's row is inserted first (a
   * concurrent duplicate waits on it and then finds it), then a conditional increment, so parallel
   * calls never take the meter past its limit, and the account row stays locked only until the commit.
   * At the limit: QUOTA_EXCEEDED, and the transaction (with the key) rolls back.
   */
  async consume(ownerId: string, key: string): Promise<UsageResponse> {
    const { summary, raised } = await this.em.transactional(async (em) => {
      const conn = em.getConnection();
      const ctx = em.getTransactionContext();
      const run = <T>(sql: string, params: unknown[]) => conn.execute<T[]>(sql, params, 'all', ctx);
      const fresh = await run(
        'insert into usage_events (owner_id, key) values (?, ?) on conflict do nothing returning key',
        [ownerId, key],
      );
      if (fresh.length === 0) return { summary: await this.get(ownerId, em), raised: undefined };
      const increment = () =>
        run<AccountRow>(
          `update accounts set api_calls_used = api_calls_used + 1, updated_at = now()
            where owner_id = ? and api_calls_used < api_calls_limit
            returning current_package, api_calls_used, api_calls_limit, warning_level`,
          [ownerId],
        );
      let [account] = await increment();
      if (!account) {
        const created = await run(
          'insert into accounts (owner_id) values (?) on conflict do nothing returning owner_id',
          [ownerId],
        );
        if (created.length > 0) [account] = await increment();
      }
      if (!account) {
        throw new DomainException(
          ErrorCode.QuotaExceeded,
          "You've reached your API call limit. Please purchase additional calls to continue.",
        );
      }
      const level = usageWarningLevel(account.api_calls_used, account.api_calls_limit);
      if (level > account.warning_level) {
        await run('update accounts set warning_level = ?, last_warning_at = now() where owner_id = ?', [
          level,
          ownerId,
        ]);
      }
      return {
        summary: usageSummary(
          account.api_calls_used,
          account.api_calls_limit,
          account.current_package as PackageId,
        ),
        raised: level > account.warning_level ? level : undefined,
      };
    });
    if (raised !== undefined) this.announce(ownerId, raised, summary);
    return summary;
  }

  private announce(ownerId: string, level: number, usage: UsageResponse): void {
    const message = USAGE_WARNING_MESSAGES[level as keyof typeof USAGE_WARNING_MESSAGES];
    const event: OwnerEvent = { ownerId, event: { type: 'usage_warning', message, data: { ...usage } } };
    this.bus.emit(REALTIME_SUBJECT, event);
  }
}
