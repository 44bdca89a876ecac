import type { PaidPeriod } from '../billing/periods';

// The few fields billing reads from Stripe's event objects, read defensively: the JSON is verified as
// Stripe's, but its shape differs between API versions (an invoice's subscription moved under `parent`).

type Json = Record<string, unknown>;

const objectOf = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};
const stringOf = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;
const numberOf = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** An expandable field: an id, or the object with its id. */
const idOf = (value: unknown): string | null => stringOf(value) ?? stringOf(objectOf(value).id);
const dateOf = (seconds: unknown): Date | null => {
  const n = numberOf(seconds);
  return n === null ? null : new Date(n * 1000);
};
const periodOf = (start: unknown, end: unknown): PaidPeriod | null => {
  const from = dateOf(start);
  const to = dateOf(end);
  return from && to && to > from ? { start: from, end: to } : null;
};

/** A subscription's current period (on its first item since API 2025-03, on itself before). */
function subscriptionPeriod(subscription: Json): PaidPeriod | null {
  const item = objectOf((objectOf(subscription.items).data as unknown[] | undefined)?.[0]);
  return (
    periodOf(item.current_period_start, item.current_period_end) ??
    periodOf(subscription.current_period_start, subscription.current_period_end)
  );
}

export interface CheckoutCompleted {
  sessionId: string | null;
  /** client_reference_id: the owner, as the payment link carried it. */
  ownerId: string | null;
  paymentLinkId: string | null;
  /** Only a paid session credits (an asynchronous payment method may complete unpaid). */
  paid: boolean;
  subscriptionId: string | null;
  /** Known when the event carries the subscription expanded. */
  subscriptionPeriod: PaidPeriod | null;
  /** The payment intent of a one-off payment (a subscription's first payment is its invoice's). */
  paymentIntentId: string | null;
  /** The subscription's first invoice (or a one-off payment's, when the link creates one). */
  invoiceId: string | null;
  /** Shown in the purchase history: the payment intent, else the invoice, else the session. */
  paymentId: string | null;
  amountCents: number;
  currency: string;
}

export function readCheckoutSession(object: unknown): CheckoutCompleted {
  const session = objectOf(object);
  const subscription = objectOf(session.subscription);
  return {
    sessionId: stringOf(session.id),
    ownerId: stringOf(session.client_reference_id),
    paymentLinkId: idOf(session.payment_link),
    paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
    subscriptionId: idOf(session.subscription),
    subscriptionPeriod: subscriptionPeriod(subscription),
    paymentIntentId: idOf(session.payment_intent),
    invoiceId: idOf(session.invoice),
    paymentId: idOf(session.payment_intent) ?? idOf(session.invoice) ?? stringOf(session.id),
    amountCents: numberOf(session.amount_total) ?? 0,
    currency: stringOf(session.currency) ?? 'usd',
  };
}

export interface InvoicePaid {
  invoiceId: string | null;
  /** The payment intent that paid it, where the event carries it (on the invoice before API 2025-03, else in its payments when expanded). */
  paymentIntentId: string | null;
  subscriptionId: string | null;
  /** subscription_create: the first invoice, which the checkout completion already applied. */
  billingReason: string | null;
  /** The service period the invoice pays for (its subscription line's). */
  period: PaidPeriod | null;
  amountCents: number;
  currency: string;
}

export function readInvoice(object: unknown): InvoicePaid {
  const invoice = objectOf(object);
  const lines = (objectOf(invoice.lines).data as unknown[] | undefined) ?? [];
  const line = objectOf(lines[0]);
  const subscriptionDetails = objectOf(objectOf(invoice.parent).subscription_details);
  const payment = objectOf(
    objectOf(((objectOf(invoice.payments).data as unknown[] | undefined) ?? [])[0]).payment,
  );
  return {
    invoiceId: stringOf(invoice.id),
    paymentIntentId: idOf(invoice.payment_intent) ?? idOf(payment.payment_intent),
    subscriptionId: idOf(subscriptionDetails.subscription) ?? idOf(invoice.subscription),
    billingReason: stringOf(invoice.billing_reason),
    period: periodOf(objectOf(line.period).start, objectOf(line.period).end),
    amountCents: numberOf(invoice.amount_paid) ?? 0,
    currency: stringOf(invoice.currency) ?? 'usd',
  };
}

export interface SubscriptionChanged {
  subscriptionId: string | null;
  /**
   * When the subscription is set to end (a cancellation from the customer portal arrives as an update with
   * `cancel_at_period_end`, or with `cancel_at`); null when it renews.
   */
  endsAt: Date | null;
}

export function readSubscription(object: unknown): SubscriptionChanged {
  const subscription = objectOf(object);
  const endsAtPeriodEnd =
    subscription.cancel_at_period_end === true ? (subscriptionPeriod(subscription)?.end ?? null) : null;
  return {
    subscriptionId: stringOf(subscription.id),
    endsAt: dateOf(subscription.cancel_at) ?? endsAtPeriodEnd,
  };
}

export interface ChargeRefunded {
  /**
   * What the charge paid, as a purchase may be keyed: its payment intent, its invoice (carried before API
   * 2025-03), and the charge itself.
   */
  paymentIds: string[];
  /** Fully refunded; a partial refund takes nothing back. */
  refunded: boolean;
}

export function readCharge(object: unknown): ChargeRefunded {
  const charge = objectOf(object);
  const ids = [idOf(charge.payment_intent), idOf(charge.invoice), stringOf(charge.id)].filter(
    (id): id is string => id !== null,
  );
  return { paymentIds: ids, refunded: charge.refunded === true };
}
