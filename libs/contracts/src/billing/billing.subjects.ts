/** billing-service: the owner's plan and API-call meter. */
export const BILLING_SUBJECTS = {
  getAccount: 'billing.accounts.get',
  /** The plan catalogue with this owner's payment links. */
  listPlans: 'billing.plans.list',
  /** The active refill packages, in order, with this owner's payment links. */
  listPackages: 'billing.packages.list',
  /** Activates Free at once (no payment). */
  activateFree: 'billing.free.activate',
  /** The owner's plan, period, allowance and purchases. */
  overview: 'billing.overview.get',
  /** A signed payment event (PaymentWebhookDelivery); no actor. */
  paymentWebhook: 'billing.payments.webhook',
} as const;

/** billing-service additions: the API-call meter. */
export const USAGE_SUBJECTS = {
  /** Counts one API call, once per idempotency key; QUOTA_EXCEEDED at the limit. */
  consume: 'billing.usage.consume',
  get: 'billing.usage.get',
} as const;
