import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  type BillingOverviewResponse,
  DomainException,
  ErrorCode,
  type PlanResponse,
  type UsagePackageResponse,
  type UsageResponse,
} from '@parley/contracts';
import { UsageService } from '../usage/usage.service';
import { ensureAccounts, rollOver } from './allowance.sql';
import { BillingQueries } from './billing.queries';
import { toPackageResponse, toPlanResponse, toPurchaseResponse } from './catalogue.mapper';
import { CatalogueQueries } from './catalogue.queries';
import { appendAudit, Clock } from '@parley/server-kit';

/**
 * The owner's side of billing: the catalogue with their own payment links, Free at once, and the
 * overview of their plan, period, allowance and purchases.
 */
@Injectable()
export class BillingService {
  constructor(
    private readonly em: EntityManager,
    private readonly catalogue: CatalogueQueries,
    private readonly queries: BillingQueries,
    private readonly usage: UsageService,
    private readonly clock: Clock,
  ) {}

  /**
   * The plans, each with this owner's payment link. Handing out a link makes the owner known to billing
   * (their account exists), so the payment that link leads to can be credited to them.
   */
  async plans(ownerId: string): Promise<PlanResponse[]> {
    await ensureAccounts(this.em, [ownerId], this.clock.now());
    return (await this.catalogue.plans()).map((row) => toPlanResponse(row, ownerId));
  }

  /** The refills on sale, in order, each with this owner's payment link (see plans). */
  async packages(ownerId: string): Promise<UsagePackageResponse[]> {
    await ensureAccounts(this.em, [ownerId], this.clock.now());
    return (await this.catalogue.activePackages()).map((row) => toPackageResponse(row, ownerId));
  }

  /**
   * Free at once, no payment: the Free plan's calls in the current period (what was used stays used).
   * A paid plan still running must be cancelled first (409); one whose period ended unpaid ends here.
   */
  async activateFree(ownerId: string, userId: string): Promise<UsageResponse> {
    const now = this.clock.now();
    await this.em.transactional(async () => {
      await ensureAccounts(this.em, [ownerId], now);
      await rollOver(this.em, [ownerId], now);
      const account = await this.queries.lockAccount(ownerId);
      // The audit entry (docs/teams.md, "Audit log") in the same transaction.
      const audit = async () =>
        appendAudit(this.em, ownerId, userId, {
          action: 'plan.free_activated',
          subject: { type: 'plan', id: 'free', label: await this.queries.planName('free') },
        });
      if (!account || account.current_package === 'free') {
        await audit();
        return this.queries.activateFree(ownerId);
      }
      if (account.period_end === null || account.period_end > now) {
        const name = await this.queries.planName(account.current_package);
        const until = account.period_end ? ` until ${account.period_end.toISOString().slice(0, 10)}` : '';
        throw new DomainException(ErrorCode.Conflict, `You are on the ${name} plan${until}; cancel it first`);
      }
      await this.queries.cancelAt(ownerId, account.period_end);
      await rollOver(this.em, [ownerId], now);
      await audit();
    });
    this.usage.announceChanges([{ ownerId, reason: 'plan' }]);
    return this.usage.get(ownerId);
  }

  /** GET /api/billing: the current period (renewed first if it ended) and the latest purchases. */
  async overview(ownerId: string): Promise<BillingOverviewResponse> {
    const usage = await this.usage.get(ownerId);
    const account = await this.queries.account(ownerId);
    const purchases = await this.queries.purchases(ownerId);
    return {
      plan: usage.currentPackage,
      status: account?.cancels_at ? 'cancelling' : 'active',
      periodStart: usage.periodStart,
      periodEnd: usage.periodEnd,
      allowance: {
        planCalls: usage.limit === null ? null : usage.limit - (account?.refill_calls ?? 0),
        refillCalls: usage.refillCalls,
        used: usage.used,
      },
      purchases: purchases.map(toPurchaseResponse),
    };
  }
}
