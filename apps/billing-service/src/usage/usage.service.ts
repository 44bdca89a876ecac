import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  AUTH_SUBJECTS,
  DomainException,
  ErrorCode,
  USAGE_WARNING_MESSAGES,
  type UsageResponse,
  type UsageWarningMailData,
  workspaceActor,
} from '@parley/contracts';
import { Batcher, Clock, OwnerEvents, ServiceClient } from '@parley/server-kit';
import { type AllowanceChange, ensureAccounts, rollOver } from '../billing/allowance.sql';
import { countCalls, distinctCalls, type Warning } from './usage-rules';
import { toUsageResponse } from './usage.mapper';
import { type UsageCall, UsageQueries } from './usage.queries';

/** The API-call meter: one call per AI reply or test-chat answer, counted atomically against the limit. */
@Injectable()
export class UsageService {
  private readonly logger = new Logger(UsageService.name);

  constructor(
    private readonly queries: UsageQueries,
    private readonly em: EntityManager,
    private readonly bus: ServiceClient,
    private readonly events: OwnerEvents,
    private readonly clock: Clock,
  ) {}

  /** The owner's usage in their current period (renewed first if it ended); a new owner's account is created first. */
  async get(ownerId: string): Promise<UsageResponse> {
    const now = this.clock.now();
    this.announceChanges(await rollOver(this.em, [ownerId], now));
    let meter = await this.queries.meter(ownerId);
    if (!meter) {
      await ensureAccounts(this.em, [ownerId], now);
      meter = await this.queries.meter(ownerId);
    }
    if (!meter) throw new Error(`The billing account of ${ownerId} could not be created`);
    return toUsageResponse(meter);
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

  /** Tells the owner's open tabs that billing changed their allowance (quiet: the usage card refreshes). */
  announceChanges(changes: readonly AllowanceChange[]): void {
    for (const { ownerId, reason } of changes)
      this.events.emit(ownerId, { type: 'usage_changed', message: '', data: { reason } });
  }

  /** One transaction per batch; the warning levels it reached are announced once it is committed. */
  private readonly counts = new Batcher<UsageCall, UsageResponse | 'exceeded'>(async (calls) => {
    const { decision, renewed } = await this.queries.countBatch(
      distinctCalls(calls),
      this.clock.now(),
      (meters, recorded) => countCalls(calls, meters, recorded),
    );
    this.announceChanges(renewed);
    for (const warning of decision.warnings) this.warn(warning);
    return decision.outcomes;
  });

  /** The popup on the owner's open tabs, and an email; a mail that fails is logged, never the caller's failure. */
  private warn({ ownerId, level, usage }: Warning): void {
    const message = USAGE_WARNING_MESSAGES[level as keyof typeof USAGE_WARNING_MESSAGES];
    this.events.emit(ownerId, { type: 'usage_warning', message, data: { ...usage } });
    if (usage.limit === null) return;
    const mail: UsageWarningMailData = {
      level: level as UsageWarningMailData['level'],
      used: usage.used,
      limit: usage.limit,
    };
    this.bus
      .send(AUTH_SUBJECTS.sendUsageWarning, mail, { actor: workspaceActor(ownerId) })
      .catch((error: unknown) =>
        this.logger.warn(`usage warning mail to ${ownerId} failed: ${String(error)}`),
      );
  }
}
