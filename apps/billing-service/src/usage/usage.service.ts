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
import { Batcher, ServiceClient, sql } from '@parley/server-kit';

interface AccountRow {
  current_package: string;
  api_calls_used: number;
  api_calls_limit: number;
  warning_level: number;
}

/** `?` as a JSON array of { owner_id, key } rows. */
const CALLS = 'jsonb_to_recordset(?::jsonb) as c(owner_id uuid, key text)';

interface Call {
  ownerId: string;
  key: string;
}

/** A warning level reached by a batch, announced once it is committed. */
interface Warning {
  ownerId: string;
  level: number;
  usage: UsageResponse;
}

/** An account locked by a batch; `api_calls_used` counts the batch's calls as they are taken. */
type CountedAccount = AccountRow & { owner_id: string };

function summaryOf(account: AccountRow): UsageResponse {
  return usageSummary(account.api_calls_used, account.api_calls_limit, account.current_package as PackageId);
}

/** The API-call meter: one call per AI reply or test-chat answer, counted atomically against the limit. */
@Injectable()
export class UsageService {
  constructor(
    private readonly em: EntityManager,
    private readonly bus: ServiceClient,
  ) {}

  async get(ownerId: string): Promise<UsageResponse> {
    const [row] = await sql<AccountRow>(
      this.em,
      'select current_package, api_calls_used, api_calls_limit, warning_level from accounts where owner_id = ?',
      [ownerId],
    );
    if (!row) return usageSummary(0, DEFAULT_API_CALLS_LIMIT, DEFAULT_PACKAGE);
    return usageSummary(row.api_calls_used, row.api_calls_limit, row.current_package as PackageId);
  }

  /**
   * Counts one call for `key` unless that key was counted already; at the limit: QUOTA_EXCEEDED, and
   * nothing is recorded. Calls are counted in batches (see countAll), so that an owner's busy meter is
   * locked once per batch rather than once per call.
   */
  async consume(ownerId: string, key: string): Promise<UsageResponse> {
    const outcome = await this.counts.call({ ownerId, key });
    if (outcome === 'exceeded') {
      throw new DomainException(
        ErrorCode.QuotaExceeded,
        "You've reached your API call limit. Please purchase additional calls to continue.",
      );
    }
    return outcome;
  }

  private readonly counts = new Batcher<Call, UsageResponse | 'exceeded'>(async (calls) => {
    const { outcomes, warnings } = await this.em.transactional((em) => this.countAll(em, calls));
    for (const { ownerId, level, usage } of warnings) this.announce(ownerId, level, usage);
    return outcomes;
  });

  /**
   * One transaction for many calls. The owners' accounts are locked first (in one order, so concurrent
   * batches cannot deadlock), then the new keys are recorded; a key seen before (earlier, or earlier in
   * this batch) counts nothing again. Each owner's new keys are counted in order until the limit; the
   * ones past it are removed again and answered 'exceeded'. A warning level the batch reaches is stored
   * and announced once.
   */
  private async countAll(
    em: EntityManager,
    calls: Call[],
  ): Promise<{ outcomes: (UsageResponse | 'exceeded')[]; warnings: Warning[] }> {
    const run = <T>(text: string, params: unknown[]) => sql<T>(em, text, params);

    const ownerIds = [...new Set(calls.map((c) => c.ownerId))].sort();
    const lock = () =>
      run<AccountRow & { owner_id: string }>(
        `select owner_id, current_package, api_calls_used, api_calls_limit, warning_level from accounts
          where owner_id = any(?::uuid[]) order by owner_id for update`,
        [ownerIds],
      );
    let rows = await lock();
    if (rows.length < ownerIds.length) {
      // A new owner's account is created on first use.
      await run(
        `insert into accounts (owner_id) select value::uuid from jsonb_array_elements_text(?::jsonb)
         on conflict do nothing`,
        [JSON.stringify(ownerIds)],
      );
      rows = await lock();
    }
    const accounts = new Map<string, CountedAccount>(rows.map((row) => [row.owner_id, row]));

    const unique = [...new Map(calls.map((c) => [`${c.ownerId} ${c.key}`, c])).values()];
    const recorded = await run<Call & { owner_id: string }>(
      `insert into usage_events (owner_id, key) select owner_id, key from ${CALLS}
       on conflict do nothing returning owner_id, key`,
      [JSON.stringify(unique.map((c) => ({ owner_id: c.ownerId, key: c.key })))],
    );
    const fresh = new Set(recorded.map((r) => `${r.owner_id} ${r.key}`));

    const outcome = new Map<string, UsageResponse | 'exceeded'>();
    const refused: Call[] = [];
    const counted = new Set<CountedAccount>();
    for (const call of unique) {
      const id = `${call.ownerId} ${call.key}`;
      if (!fresh.has(id)) continue; // counted before: answered with the usage after this batch
      const account = accounts.get(call.ownerId) as CountedAccount;
      if (account.api_calls_used >= account.api_calls_limit) {
        refused.push(call);
        outcome.set(id, 'exceeded');
        continue;
      }
      account.api_calls_used++;
      counted.add(account);
      outcome.set(id, summaryOf(account));
    }
    if (refused.length > 0) {
      await run(`delete from usage_events where (owner_id, key) in (select owner_id, key from ${CALLS})`, [
        JSON.stringify(refused.map((c) => ({ owner_id: c.ownerId, key: c.key }))),
      ]);
    }
    const changed = [...counted];
    const levels = changed.map((a) => usageWarningLevel(a.api_calls_used, a.api_calls_limit));
    if (changed.length > 0) {
      await run(
        `update accounts a set api_calls_used = v.used, updated_at = now(),
                warning_level = greatest(a.warning_level, v.level),
                last_warning_at = case when v.level > a.warning_level then now() else a.last_warning_at end
           from jsonb_to_recordset(?::jsonb) as v(owner_id uuid, used int, level int)
          where a.owner_id = v.owner_id`,
        [
          JSON.stringify(
            changed.map((a, i) => ({ owner_id: a.owner_id, used: a.api_calls_used, level: levels[i] })),
          ),
        ],
      );
    }
    const warnings: Warning[] = [];
    changed.forEach((account, i) => {
      if (levels[i] > account.warning_level)
        warnings.push({ ownerId: account.owner_id, level: levels[i], usage: summaryOf(account) });
    });
    const outcomes = calls.map(
      (c) => outcome.get(`${c.ownerId} ${c.key}`) ?? summaryOf(accounts.get(c.ownerId) as CountedAccount),
    );
    return { outcomes, warnings };
  }

  private announce(ownerId: string, level: number, usage: UsageResponse): void {
    const message = USAGE_WARNING_MESSAGES[level as keyof typeof USAGE_WARNING_MESSAGES];
    const event: OwnerEvent = { ownerId, event: { type: 'usage_warning', message, data: { ...usage } } };
    this.bus.emit(REALTIME_SUBJECT, event);
  }
}
