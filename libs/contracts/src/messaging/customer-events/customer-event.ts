import type { CustomerStage } from '../customers/customer-stages';

/**
 * What happened to a customer that other services act on (marketing-service starts its sequences): a stage
 * reached, whoever moved it (a person, the AI's reply), or a lead opened. Written by messaging-service in
 * the transaction that made the change, and kept until a consumer acknowledges it (docs/email.md,
 * "Sequences"), so none is lost while the consumer is down.
 */
export type CustomerEventType = 'stage_reached' | 'new_lead';

export interface CustomerEventRecord {
  /** The event's place in messaging-service's log (a bigint, as text). */
  id: string;
  ownerId: string;
  customerId: string;
  type: CustomerEventType;
  /** stage_reached: the stage the customer reached; null for new_lead. */
  stage: CustomerStage | null;
  /** ISO. */
  occurredAt: string;
}

/** messaging.customer-events.lease: up to `limit` events no one holds, each held for `leaseSeconds`. */
export interface LeaseCustomerEventsData {
  limit?: number;
  leaseSeconds?: number;
}

/** messaging.customer-events.ack: events handled; they are deleted. */
export interface AckCustomerEventsData {
  ids: string[];
}
