import type { ServiceName } from './services';

/**
 * NATS subjects are a wire contract: `<service>.<resource>.<verb>` for requests and
 * `<service>.<resource>.<past-tense>` for events. Changing one needs a new subject (`….v2`).
 * Every subject is sent with the deployment's NATS_PREFIX in front (see server-kit).
 * Each service's own subjects are in its folder (`auth/auth.subjects.ts`, …); every service answers these.
 */
export const HEALTH_SUBJECTS = {
  'auth-service': 'auth.health.check',
  'catalogue-service': 'catalogue.health.check',
  'messaging-service': 'messaging.health.check',
  'marketing-service': 'marketing.health.check',
  'integrations-service': 'integrations.health.check',
  'billing-service': 'billing.health.check',
} as const satisfies Record<ServiceName, string>;

export interface ServiceHealth {
  service: string;
  /** Which replica answered: host, process id and a per-start suffix. */
  instance: string;
  status: 'up';
}
