import { Injectable, Logger } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainException, ErrorCode } from '@parley/contracts';
import { isUUID } from 'class-validator';
import Stripe from 'stripe';
import { type AllowanceChange, rollOver } from '../billing/allowance.sql';
import { BillingQueries } from '../billing/billing.queries';
import { monthFrom } from '../billing/periods';
import { Clock } from '../clock';
import { BillingConfig } from '../config/billing.config';
import { UsageService } from '../usage/usage.service';
import { readCharge, readCheckoutSession, readInvoice, readSubscription } from './stripe-events';

/** Stripe's own default: a signature older than five minutes is a replay, refused. */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The event types billing applies; every other type is acknowledged and ignored. */
type Handler = (eventId: string, object: unknown) => Promise<AllowanceChange[]>;

/**
 * The payment webhook (docs/billing.md): each Stripe event verified by its signature, then applied exactly
 * once by its id: the id is recorded in the same transaction as the credit, so a replay, or the same event
 * arriving ten times at once, changes nothing more. The package comes from the event only (the checkout
 * session's payment link), the owner from its client_reference_id; an event naming neither is logged and
 * acknowledged, since Stripe would only retry it.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  private readonly handlers: Record<string, Handler> = {
    'checkout.session.completed': (id, object) => this.checkoutCompleted(id, object),
    'invoice.paid': (id, object) => this.invoicePaid(id, object),
    'customer.subscription.updated': (id, object) => this.subscriptionUpdated(object),
    'customer.subscription.deleted': (id, object) => this.subscriptionDeleted(object),
    'charge.refunded': (id, object) => this.chargeRefunded(object),
  };

  constructor(
    private readonly config: BillingConfig,
    private readonly em: EntityManager,
    private readonly queries: BillingQueries,
    private readonly usage: UsageService,
    private readonly clock: Clock,
  ) {}

  /** POST /api/webhooks/payments: the body as it came and its Stripe-Signature. Wrong, missing or stale → 400. */
  async receive(delivery: unknown): Promise<{ received: true }> {
    const event = this.verify(delivery);
    const handler = this.handlers[event.type];
    if (!handler) return { received: true };
    const changes = await this.em.transactional(async () => {
      if (!(await this.queries.isNewEvent(event.id, event.type))) return [];
      return handler(event.id, event.data.object);
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

  /** A plan: its package and quota from now, for the subscription's period (else a month). A refill: its calls added. */
  private async checkoutCompleted(eventId: string, object: unknown): Promise<AllowanceChange[]> {
    const session = readCheckoutSession(object);
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
    const purchase = {
      ownerId,
      packageId: bought.id,
      name: bought.name,
      amountPaidCents: session.amountCents,
      currency: session.currency,
      paymentId: session.paymentId ?? eventId,
      eventId,
    };
    if (bought.kind === 'plan') {
      const period = session.subscriptionPeriod ?? monthFrom(this.clock.now());
      await this.queries.startPeriod(ownerId, bought.id, period, session.subscriptionId);
      await this.queries.insertPurchase({ ...purchase, kind: 'plan', apiCallsAdded: null });
      return [{ ownerId, reason: 'plan' }];
    }
    const calls = bought.api_calls ?? 0;
    await this.queries.addRefill(ownerId, calls);
    await this.queries.insertPurchase({ ...purchase, kind: 'refill', apiCallsAdded: calls });
    return [{ ownerId, reason: 'purchase' }];
  }

  /** A renewal: the subscription's next period, on the same plan, its calls afresh; the payment is a purchase. */
  private async invoicePaid(eventId: string, object: unknown): Promise<AllowanceChange[]> {
    const invoice = readInvoice(object);
    // The first invoice comes with the checkout session, which applied the plan.
    if (invoice.billingReason === 'subscription_create') return [];
    const account = invoice.subscriptionId
      ? await this.queries.lockAccountOfSubscription(invoice.subscriptionId)
      : undefined;
    if (!account) return this.ignore(eventId, `no owner has the subscription ${invoice.subscriptionId}`);
    const ownerId = account.owner_id;
    await this.queries.insertPurchase({
      ownerId,
      kind: 'plan',
      packageId: account.current_package,
      name: await this.queries.planName(account.current_package),
      apiCallsAdded: null,
      amountPaidCents: invoice.amountCents,
      currency: invoice.currency,
      paymentId: invoice.invoiceId ?? eventId,
      eventId,
    });
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
  private async subscriptionUpdated(object: unknown): Promise<AllowanceChange[]> {
    const { subscriptionId, endsAt } = readSubscription(object);
    const account = subscriptionId ? await this.queries.lockAccountOfSubscription(subscriptionId) : undefined;
    if (!account) return this.ignore(subscriptionId ?? '?', 'no owner has this subscription');
    const cancelsAt = account.cancels_at?.getTime() ?? null;
    if ((endsAt?.getTime() ?? null) === cancelsAt) return [];
    if (!endsAt) {
      await this.queries.cancelAt(account.owner_id, null);
      return [{ ownerId: account.owner_id, reason: 'plan' }];
    }
    await this.queries.cancelAt(account.owner_id, endsAt);
    const renewed = await rollOver(this.em, [account.owner_id], this.clock.now());
    return renewed.length > 0 ? renewed : [{ ownerId: account.owner_id, reason: 'cancellation' }];
  }

  /** Cancelled: the plan stays until its period's end, then Free (at once if that end has passed). */
  private async subscriptionDeleted(object: unknown): Promise<AllowanceChange[]> {
    const { subscriptionId } = readSubscription(object);
    const account = subscriptionId ? await this.queries.lockAccountOfSubscription(subscriptionId) : undefined;
    if (!account) return this.ignore(subscriptionId ?? '?', 'no owner has this subscription');
    const now = this.clock.now();
    await this.queries.cancelAt(account.owner_id, account.period_end ?? now);
    const renewed = await rollOver(this.em, [account.owner_id], now);
    return renewed.length > 0 ? renewed : [{ ownerId: account.owner_id, reason: 'cancellation' }];
  }

  /** A refunded refill: its calls taken back, as far as they are unused. A refunded plan payment is marked only. */
  private async chargeRefunded(object: unknown): Promise<AllowanceChange[]> {
    const charge = readCharge(object);
    if (!charge.refunded)
      return this.ignore(charge.paymentIds[0] ?? '?', 'a partial refund takes nothing back');
    for (const paymentId of charge.paymentIds) {
      const purchase = await this.queries.refundPurchase(paymentId);
      if (!purchase) continue;
      if (purchase.kind === 'refill' && purchase.api_calls_added)
        await this.queries.takeBackRefill(purchase.owner_id, purchase.api_calls_added);
      return [{ ownerId: purchase.owner_id, reason: 'refund' }];
    }
    return this.ignore(charge.paymentIds[0] ?? '?', 'no purchase was paid by this charge');
  }

  private ignore(subject: string, why: string): AllowanceChange[] {
    this.logger.warn(`payment event ${subject} ignored: ${why}`);
    return [];
  }
}
