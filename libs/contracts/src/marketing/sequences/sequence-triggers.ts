/**
 * What starts an email sequence for a subscriber (spec 001 §3 `triggerType`): a subscriber added (by hand,
 * by import or from a customer's contact panel), the subscriber's customer reaching a pipeline stage
 * (`triggerStage`), or a new lead opened for that customer.
 */
export const EMAIL_SEQUENCE_TRIGGERS = ['subscriber_added', 'stage_reached', 'new_lead'] as const;
export type EmailSequenceTrigger = (typeof EMAIL_SEQUENCE_TRIGGERS)[number];

/** A sequence's size and its steps' delays (spec 001 §9: days and hours, defaults 0). */
export const EMAIL_SEQUENCE_LIMITS = { maxSteps: 20, maxDelayDays: 365, maxDelayHours: 23 } as const;
