/** billing-service: the owner's plan and API-call meter. */
export const BILLING_SUBJECTS = {
  getAccount: 'billing.accounts.get',
} as const;

/** billing-service additions: the API-call meter. */
export const USAGE_SUBJECTS = {
  /** Counts one API call, once per idempotency key; QUOTA_EXCEEDED at the limit. */
  consume: 'billing.usage.consume',
  get: 'billing.usage.get',
} as const;
