import type { ServiceName } from './services';

/**
 * NATS subjects are a wire contract: `<service>.<resource>.<verb>` for requests and
 * `<service>.<resource>.<past-tense>` for events. Changing one needs a new subject (`….v2`).
 * Every subject is sent with the deployment's NATS_PREFIX in front (see server-kit).
 */
export const HEALTH_SUBJECTS = {
  'auth-service': 'auth.health.check',
  'catalogue-service': 'catalogue.health.check',
  'messaging-service': 'messaging.health.check',
  'marketing-service': 'marketing.health.check',
  'integrations-service': 'integrations.health.check',
  'billing-service': 'billing.health.check',
} as const satisfies Record<ServiceName, string>;

/** auth-service: accounts, email verification, password reset, sessions. */
export const AUTH_SUBJECTS = {
  register: 'auth.accounts.register',
  verifyEmail: 'auth.accounts.verify-email',
  resendVerification: 'auth.accounts.resend-verification',
  forgotPassword: 'auth.passwords.forgot',
  resetPassword: 'auth.passwords.reset',
  login: 'auth.sessions.create',
  resolveSession: 'auth.sessions.resolve',
  logout: 'auth.sessions.revoke',
} as const;

/** Notifications from auth-service. */
export const AUTH_EVENTS = {
  /** Sessions were revoked (logout, password reset): caches keyed by their hashes must forget them. */
  sessionsRevoked: 'auth.sessions.revoked',
} as const;

/** billing-service: the owner's plan and API-call meter. */
export const BILLING_SUBJECTS = {
  getAccount: 'billing.accounts.get',
} as const;
