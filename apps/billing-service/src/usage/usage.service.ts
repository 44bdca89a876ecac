import { Injectable } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  type OwnerEvent,
  REALTIME_SUBJECT,
  USAGE_WARNING_MESSAGES,
  type UsageResponse,
} from '@parley/contracts';
import { Batcher, ServiceClient } from '@parley/server-kit';
import { newBillingAccount } from '../accounts/accounts.service';
import { countCalls, distinctCalls, type Warning } from './usage-rules';
import { toUsageResponse } from './usage.mapper';
import { type UsageCall, UsageQueries } from './usage.queries';

/** The API-call meter: one call per AI reply or test-chat answer, counted atomically against the limit. */
@Injectable()
export class UsageService {
  constructor(
    private readonly queries: UsageQueries,
    private readonly bus: ServiceClient,
  ) {}

  /** A new owner, who has no meter yet, is on the defaults. */
  async get(ownerId: string): Promise<UsageResponse> {
    const meter = await this.queries.meter(ownerId);
    return toUsageResponse(meter ?? newBillingAccount(ownerId));
  }

  /**
   * Counts one call for `key` unless that key was counted already; at the limit: QUOTA_EXCEEDED, and
   * nothing is recorded. Calls are counted in batches (see countCalls), so that an owner's busy meter is
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

  /** One transaction per batch; the warning levels it reached are announced once it is committed. */
  private readonly counts = new Batcher<UsageCall, UsageResponse | 'exceeded'>(async (calls) => {
    const { outcomes, warnings } = await this.queries.countBatch(distinctCalls(calls), (meters, recorded) =>
      countCalls(calls, meters, recorded),
    );
    for (const warning of warnings) this.announce(warning);
    return outcomes;
  });

  private announce({ ownerId, level, usage }: Warning): void {
    const message = USAGE_WARNING_MESSAGES[level as keyof typeof USAGE_WARNING_MESSAGES];
    const event: OwnerEvent = { ownerId, event: { type: 'usage_warning', message, data: { ...usage } } };
    this.bus.emit(REALTIME_SUBJECT, event);
  }
}
