import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainException, ErrorCode } from '@parley/contracts';
import { isUUID } from 'class-validator';
import Stripe from 'stripe';
import { type AllowanceChange, rollOver } from '../billing/allowance.sql';
import { type AccountRow, BillingQueries } from '../billing/billing.queries';
import { monthFrom } from '../billing/periods';
import { BillingConfig } from '../config/billing.config';
import { UsageService } from '../usage/usage.service';
import { type PaymentEvent, PaymentsQueries } from './payments.queries';
import { readCharge, readCheckoutSession, readInvoice, readSubscription } from './stripe-events';
import { appendAudit, type AuditChange, Clock } from '@parley/server-kit';

/** Stripe's own default: a signature older than five minutes is a replay, refused. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The event types billing applies; every other type is acknowledged and ignored. */
type Handler = (event: PaymentEvent) => Promise<AllowanceChange[]>;

/**
 * The payment webhook (docs/billing.md): each Stripe event verified by its signature, then applied exactly
 * once by its id: the id is recorded in the same transaction as the credit, so a replay, or the same event
 * arriving ten times at once, changes nothing more. Each purchase is recorded once by what paid it (checkout
 * session, payment intent, invoice), so the same payment under another event id credits nothing more. A
 * refund or subscription event that arrives before the purchase it names is kept, and applied in Stripe's
 * order in the transaction that records that purchase. The package comes from the event only (the checkout
 * session's payment link), the owner from its client_reference_id; an event naming neither is logged and
 * acknowledged, since Stripe would only retry it.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  private readonly handlers: Record<string, Handler> = {
    'checkout.session.completed': (event) => this.checkoutCompleted(event),
    'invoice.paid': (event) => this.invoicePaid(event),
    'customer.subscription.updated': (event) => this.subscriptionUpdated(event),
    'customer.subscription.deleted': (event) => this.subscriptionDeleted(event),
    'charge.refunded': (event) => this.chargeRefunded(event),
  };

  constructor(
    private readonly config: BillingConfig,
    private readonly em: EntityManager,
    private readonly queries: BillingQueries,
    private readonly payments: PaymentsQueries,
    private readonly usage: UsageService,
    private readonly clock: Clock,
  ) {}

  /** POST /api/webhooks/payments: the body as it came and its Stripe-Signature. Wrong, missing or stale → 400. */
  async receive(delivery: unknown): Promise<{ received: true }> {
    const event = this.verify(delivery);
    const handler = this.handlers[event.type];
    if (!handler) return { received: true };
    const changes = await this.em.transactional(async () => {
      await this.payments.lockPaymentEvents();
      if (!(await this.payments.isNewEvent(event.id, event.type))) return [];
      return handler({
        id: event.id,
        type: event.type,
        created: typeof event.created === 'number' ? new Date(event.created * 1000) : null,
        object: event.data.object,
      });
    });
    this.usage.announceChanges(changes);
    return { received: true };
  }

  private verify(delivery: unknown): Stripe.Event {
    const { body, signature } = (delivery ?? {}) as Record<string, unknown>;
    if (typeof body !== 'string')
      throw new DomainException(ErrorCode.ValidationFailed, 'The webhook body is missing');
    if (typeof signature !== 'string' || signature === '')
      throw new DomainException(ErrorCode.ValidationFailed, 'The Stripe-Signature header is missing');
    try {
      return Stripe.webhooks.constructEvent(
        body,
        signature,
        this.config.STRIPE_WEBHOOK_SECRET,
        SIGNATURE_TOLERANCE_SECONDS,
      );
    } catch (error) {
      this.logger.warn(`payment webhook refused: ${(error as Error).message}`);
      throw new DomainException(
        ErrorCode.ValidationFailed,
        'The Stripe-Signature does not match this body, or is older than five minutes',
      );
    }
  }

  /**
   * A plan: its package and quota from now, for the subscription's period (else a month). A refill: its
   * calls added. Once per checkout session, payment intent and invoice; then the events kept for it.
   */
  private async checkoutCompleted(event: PaymentEvent): Promise<AllowanceChange[]> {
    const eventId = event.id;
    const session = readCheckoutSession(event.object);
    if (!session.paid) return this.ignore(eventId, 'the checkout session is not paid');
    const bought = session.paymentLinkId
      ? await this.queries.packageOfLink(session.paymentLinkId)
      : undefined;
    if (!bought)
      return this.ignore(eventId, `no plan or refill has the payment link ${session.paymentLinkId}`);
    const ownerId = session.ownerId && isUUID(session.ownerId) ? session.ownerId : null;
    const account = ownerId ? await this.queries.lockAccount(ownerId) : undefined;
    if (!ownerId || !account)
      return this.ignore(eventId, `client_reference_id ${session.ownerId} is no owner`);
    const keys = {
      checkoutSessionId: session.sessionId,
      paymentIntentId: session.paymentIntentId,
      invoiceId: session.invoiceId,
      subscriptionId: session.subscriptionId,
    };
    const recorded = await this.payments.recordPurchase({
      ...keys,
      ownerId,
      kind: bought.kind,
      packageId: bought.id,
      name: bought.name,
      apiCallsAdded: bought.kind === 'refill' ? (bought.api_calls ?? 0) : null,
      amountPaidCents: session.amountCents,
      currency: session.currency,
      paymentId: session.paymentId ?? eventId,
      eventId,
    });
    if (!recorded)
      return this.ignore(
        eventId,
        `the checkout session ${session.sessionId} or its payment was applied before`,
      );
    const changes: AllowanceChange[] = [];
    const subject = { type: 'plan', id: bought.id, label: bought.name } as const;
    if (bought.kind === 'plan') {
      const period = session.subscriptionPeriod ?? monthFrom(this.clock.now());
      await this.queries.startPeriod(ownerId, bought.id, period, session.subscriptionId);
      changes.push({ ownerId, reason: 'plan' });
      await this.audit(ownerId, {
        action: 'plan.purchased',
        subject,
        before: { plan: await this.queries.planName(account.current_package) },
        after: { plan: bought.name },
      });
    } else {
      await this.queries.addRefill(ownerId, bought.api_calls ?? 0);
      changes.push({ ownerId, reason: 'purchase' });
      await this.audit(ownerId, {
        action: 'plan.refilled',
        subject,
        after: { apiCalls: bought.api_calls ?? 0 },
      });
    }
    return [...changes, ...(await this.applyKept(Object.values(keys)))];
  }

  /** The events kept for a purchase just recorded (a refund, a cancellation ahead of it), applied in order. */
  private async applyKept(keys: readonly (string | null)[]): Promise<AllowanceChange[]> {
    const kept = await this.payments.takeKept(keys.filter((key): key is string => key !== null));
    const changes: AllowanceChange[] = [];
    for (const event of kept) {
      const handler = this.handlers[event.type];
      this.logger.log(`payment event ${event.id} (${event.type}) applied after the purchase it waited for`);
      if (handler) changes.push(...(await handler(event)));
    }
    return changes;
  }

  /**
   * An event that names a purchase or subscription not known yet: kept, and applied when that purchase
   * is recorded (Stripe does not promise the order of its events).
   */
  private async keep(event: PaymentEvent, keys: readonly string[], why: string): Promise<AllowanceChange[]> {
    const dropped = await this.payments.keep(event, keys);
    if (dropped > 0) this.logger.warn(`${dropped} kept payment events dropped: their purchase never came`);
    this.logger.log(`payment event ${event.id} (${event.type}) kept for later: ${why}`);
    return [];
  }

  /**
   * The account a subscription pays for, locked; else the event is kept until its checkout arrives, or
   * ignored when the subscription is one we sold that has ended since (or not ours at all, after a while).
   */
  private async accountOfSubscription(
    event: PaymentEvent,
    subscriptionId: string | null,
  ): Promise<{ account: AccountRow } | { changes: AllowanceChange[] }> {
    if (!subscriptionId) return { changes: this.ignore(event.id, 'it names no subscription') };
    const account = await this.queries.lockAccountOfSubscription(subscriptionId);
    if (account) return { account };
    if (await this.payments.soldSubscription(subscriptionId))
      return { changes: this.ignore(event.id, `the subscription ${subscriptionId} has ended`) };
    return {
      changes: await this.keep(
        event,
        [subscriptionId],
        `no owner has the subscription ${subscriptionId} yet`,
      ),
    };
  }

  /** A renewal: the subscription's next period, on the same plan, its calls afresh; the payment is a purchase (once per invoice). */
  private async invoicePaid(event: PaymentEvent): Promise<AllowanceChange[]> {
    const invoice = readInvoice(event.object);
    // The first invoice comes with the checkout session, which applied the plan.
    if (invoice.billingReason === 'subscription_create') return [];
    const found = await this.accountOfSubscription(event, invoice.subscriptionId);
    if ('changes' in found) return found.changes;
    const { account } = found;
    const ownerId = account.owner_id;
    const recorded = await this.payments.recordPurchase({
      ownerId,
      kind: 'plan',
      packageId: account.current_package,
      name: await this.queries.planName(account.current_package),
      apiCallsAdded: null,
      amountPaidCents: invoice.amountCents,
      currency: invoice.currency,
      paymentId: invoice.invoiceId ?? event.id,
      eventId: event.id,
      checkoutSessionId: null,
      paymentIntentId: invoice.paymentIntentId,
      invoiceId: invoice.invoiceId,
      subscriptionId: invoice.subscriptionId,
    });
    if (!recorded) return this.ignore(event.id, `the invoice ${invoice.invoiceId} was applied before`);
    const current = account.period_end;
    if (!invoice.period || (current && invoice.period.end <= current))
      return [{ ownerId, reason: 'purchase' }];
    await this.queries.startPeriod(ownerId, account.current_package, invoice.period);
    return [{ ownerId, reason: 'renewal' }];
  }

  /**
   * Set to end (cancelled in the customer portal: the plan stays until then, then Free), or that undone.
   * Stripe sends `customer.subscription.deleted` as well when it does end; both lead to the same Free.
   */
  private async subscriptionUpdated(event: PaymentEvent): Promise<AllowanceChange[]> {
    const { subscriptionId, endsAt } = readSubscription(event.object);
    const found = await this.accountOfSubscription(event, subscriptionId);
    if ('changes' in found) return found.changes;
    const { account } = found;
    const cancelsAt = account.cancels_at?.getTime() ?? null;
    if ((endsAt?.getTime() ?? null) === cancelsAt) return [];
    if (!endsAt) {
      await this.queries.cancelAt(account.owner_id, null);
      return [{ ownerId: account.owner_id, reason: 'plan' }];
    }
    await this.queries.cancelAt(account.owner_id, endsAt);
    if (cancelsAt === null) await this.auditCancel(account, endsAt);
    const renewed = await rollOver(this.em, [account.owner_id], this.clock.now());
    return renewed.length > 0 ? renewed : [{ ownerId: account.owner_id, reason: 'cancellation' }];
  }

  /** Cancelled: the plan stays until its period's end, then Free (at once if that end has passed). */
  private async subscriptionDeleted(event: PaymentEvent): Promise<AllowanceChange[]> {
    const { subscriptionId } = readSubscription(event.object);
    const found = await this.accountOfSubscription(event, subscriptionId);
    if ('changes' in found) return found.changes;
    const { account } = found;
    const now = this.clock.now();
    await this.queries.cancelAt(account.owner_id, account.period_end ?? now);
    if (account.cancels_at === null) await this.auditCancel(account, account.period_end ?? now);
    const renewed = await rollOver(this.em, [account.owner_id], now);
    return renewed.length > 0 ? renewed : [{ ownerId: account.owner_id, reason: 'cancellation' }];
  }

  /**
   * A refunded refill: its calls taken back, as far as they are unused. A refunded plan payment is marked
   * only. Once per purchase; a refund ahead of its purchase is kept until the purchase is recorded.
   */
  private async chargeRefunded(event: PaymentEvent): Promise<AllowanceChange[]> {
    const charge = readCharge(event.object);
    if (!charge.refunded) return this.ignore(event.id, 'a partial refund takes nothing back');
    if (charge.paymentIds.length === 0) return this.ignore(event.id, 'the charge names no payment');
    const refund = await this.payments.refundPurchase(charge.paymentIds);
    switch (refund.outcome) {
      case 'unknown':
        return this.keep(
          event,
          charge.paymentIds,
          `no purchase was paid by ${charge.paymentIds.join(', ')} yet`,
        );
      case 'refunded before':
        return this.ignore(event.id, 'its purchase was refunded before');
      case 'refunded':
        if (refund.kind === 'refill' && refund.apiCallsAdded)
          await this.queries.takeBackRefill(refund.ownerId, refund.apiCallsAdded);
        return [{ ownerId: refund.ownerId, reason: 'refund' }];
    }
  }

  /**
   * The audit entry of a payment event (docs/teams.md, "Audit log"), in its transaction: no person did it (the
   * payment provider said so), so its actor is none. Only the owner can buy or cancel.
   */
  private audit(ownerId: string, change: AuditChange): Promise<void> {
    return appendAudit(this.em, ownerId, null, change);
  }

  /** A plan set to end (once: Stripe sends the update and the deletion). */
  private async auditCancel(account: AccountRow, endsAt: Date): Promise<void> {
    const name = await this.queries.planName(account.current_package);
    await this.audit(account.owner_id, {
      action: 'plan.cancelled',
      subject: { type: 'plan', id: account.current_package, label: name },
      after: { endsAt: endsAt.toISOString() },
    });
  }

  private ignore(subject: string, why: string): AllowanceChange[] {
    this.logger.warn(`payment event ${subject} ignored: ${why}`);
    return [];
  }
}
