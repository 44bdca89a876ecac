import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { isoTime, sql } from '@parley/server-kit';

/**
 * What a purchase was paid with, as Stripe names it; each is unique among purchases (partial unique
 * indexes), so the same payment under another event id is recorded, and credited, once.
 */
export interface PaymentKeys {
  checkoutSessionId: string | null;
  paymentIntentId: string | null;
  invoiceId: string | null;
  /** Not unique (a plan's checkout and its renewals share it): tells a subscription we sold from a stranger. */
  subscriptionId: string | null;
}

export interface NewPurchase extends PaymentKeys {
  ownerId: string;
  kind: 'plan' | 'refill';
  packageId: string;
  name: string;
  apiCallsAdded: number | null;
  amountPaidCents: number;
  currency: string;
  /** Shown in the history: the payment intent, else the invoice, else the session or event id. */
  paymentId: string;
  eventId: string;
}

/** A verified payment event, as it is applied or kept for later. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** Stripe's time of the event; null when it carries none. */
  created: Date | null;
  object: unknown;
}

/** A refund applied to the purchase it names, or why not: no purchase has been paid that way (yet), or it was refunded before. */
export type RefundOutcome =
  | { outcome: 'refunded'; ownerId: string; kind: 'plan' | 'refill'; apiCallsAdded: number | null }
  | { outcome: 'unknown' }
  | { outcome: 'refunded before' };

/**
 * One lock for all payment events (transaction-scoped, across replicas): an event and the purchase it
 * names are never applied side by side, so an event is either kept before its purchase is recorded or
 * sees it, and kept events are applied in Stripe's order. Payment events are few; serialising them costs
 * nothing a payer notices.
 */
const PAYMENT_EVENTS_LOCK = `select pg_advisory_xact_lock(hashtextextended('billing_service.payment_events', 0))`;

/** How long an event waits for a purchase or subscription that never comes (one of another product, say). */
const KEPT_DAYS = 30;

/** The payment webhook's reads and writes; each runs on `em`'s transaction (the caller's). */
@Injectable()
export class PaymentsQueries {
  constructor(private readonly em: EntityManager) {}

  /** Waits until no other payment event is being applied; held until the transaction ends. */
  async lockPaymentEvents(): Promise<void> {
    await sql(this.em, PAYMENT_EVENTS_LOCK);
  }

  /** Whether an event was applied before; otherwise it is recorded as applied, in the caller's transaction. */
  async isNewEvent(id: string, type: string): Promise<boolean> {
    const rows = await sql(
      this.em,
      `insert into payment_events (id, type) values (?, ?) on conflict do nothing returning id`,
      [id, type],
    );
    return rows.length > 0;
  }

  /**
   * The purchase recorded, completed, unless one was already paid by the same checkout session, payment
   * intent or invoice: false then, and the caller credits nothing.
   */
  async recordPurchase(purchase: NewPurchase): Promise<boolean> {
    const rows = await sql(
      this.em,
      `insert into user_purchases
         (owner_id, kind, package_id, name, api_calls_added, amount_paid_cents, currency, payment_id, event_id, status,
          checkout_session_id, payment_intent_id, invoice_id, subscription_id)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?)
       on conflict do nothing returning id`,
      [
        purchase.ownerId,
        purchase.kind,
        purchase.packageId,
        purchase.name,
        purchase.apiCallsAdded,
        purchase.amountPaidCents,
        purchase.currency,
        purchase.paymentId,
        purchase.eventId,
        purchase.checkoutSessionId,
        purchase.paymentIntentId,
        purchase.invoiceId,
        purchase.subscriptionId,
      ],
    );
    return rows.length > 0;
  }

  /**
   * The purchase paid by any of `paymentIds` (payment intent, invoice, charge; `payment_id` for purchases
   * recorded before the keys were) marked refunded, if it is still completed.
   */
  async refundPurchase(paymentIds: readonly string[]): Promise<RefundOutcome> {
    const [row] = await sql<{
      was: string;
      owner_id: string | null;
      kind: 'plan' | 'refill' | null;
      api_calls_added: number | null;
    }>(
      this.em,
      `with paid as (
         select id, status from user_purchases
          where payment_intent_id = any(?::text[]) or invoice_id = any(?::text[]) or payment_id = any(?::text[])
          order by created_at, id limit 1 for update
       ), refunded as (
         update user_purchases p set status = 'refunded' from paid
          where p.id = paid.id and paid.status = 'completed'
         returning p.owner_id, p.kind, p.api_calls_added
       )
       select paid.status as was, refunded.owner_id, refunded.kind, refunded.api_calls_added
         from paid left join refunded on true`,
      [paymentIds, paymentIds, paymentIds],
    );
    if (!row) return { outcome: 'unknown' };
    if (!row.owner_id || !row.kind) return { outcome: 'refunded before' };
    return { outcome: 'refunded', ownerId: row.owner_id, kind: row.kind, apiCallsAdded: row.api_calls_added };
  }

  /** Whether a purchase of ours started this subscription (so an event naming it is not early, only late). */
  async soldSubscription(subscriptionId: string): Promise<boolean> {
    const rows = await sql(this.em, `select 1 from user_purchases where subscription_id = ? limit 1`, [
      subscriptionId,
    ]);
    return rows.length > 0;
  }

  /**
   * An event kept until a purchase with one of `keys` is recorded (see takeKept). Events kept longer than
   * KEPT_DAYS are dropped here: their purchase is not coming. Answers how many were dropped.
   */
  async keep(event: PaymentEvent, keys: readonly string[]): Promise<number> {
    const dropped = await sql(
      this.em,
      `delete from pending_payment_events where received_at < now() - interval '${KEPT_DAYS} days' returning id`,
    );
    await sql(
      this.em,
      `insert into pending_payment_events (id, type, keys, object, created) values (?, ?, ?::text[], ?::jsonb, ?)
       on conflict do nothing`,
      [event.id, event.type, keys, JSON.stringify(event.object ?? null), event.created],
    );
    return dropped.length;
  }

  /** The kept events waiting for any of `keys`, removed from the table, in Stripe's order. */
  async takeKept(keys: readonly string[]): Promise<PaymentEvent[]> {
    const rows = await sql<{ id: string; type: string; object: unknown; created: string | null }>(
      this.em,
      `with taken as (
         delete from pending_payment_events where keys && ?::text[] returning id, seq, type, object, created
       )
       select id, type, object, created from taken order by created nulls last, seq`,
      [keys],
    );
    return rows.map((row) => ({
      id: row.id,
      type: row.type,
      object: row.object,
      created: row.created === null ? null : new Date(isoTime(row.created)),
    }));
  }
}
