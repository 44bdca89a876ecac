/** billing.payments.webhook: a payment provider's event as the gateway received it, for billing-service to verify. */
export interface PaymentWebhookDelivery {
  /** The body exactly as it came (UTF-8): the signature covers these bytes. */
  body: string;
  /** The Stripe-Signature header; undefined when it was missing. */
  signature?: string;
}

/** The data of a quiet 'usage_changed' realtime event. */
export interface UsageChangedData {
  reason: 'purchase' | 'refund' | 'renewal' | 'cancellation' | 'plan';
}

/** The data of auth.mail.usage-warning: the owner (the actor) is emailed that a warning level was reached. */
export interface UsageWarningMailData {
  level: 1 | 2 | 3;
  used: number;
  limit: number;
}
