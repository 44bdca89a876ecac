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
  /** Which of some sessions (by token hash) are still live; the gateway asks for those with a /ws socket. */
  checkSessions: 'auth.sessions.check',
} as const;

/** Notifications from auth-service. */
export const AUTH_EVENTS = {
  /**
   * Sessions were revoked (logout, password reset): caches keyed by their hashes must forget them and
   * their /ws sockets close.
   */
  sessionsRevoked: 'auth.sessions.revoked',
} as const;

/** billing-service: the owner's plan and API-call meter. */
export const BILLING_SUBJECTS = {
  getAccount: 'billing.accounts.get',
} as const;

/** messaging-service: customers, messages, leads, AI configuration, the agent, stats. */
export const MESSAGING_SUBJECTS = {
  ingestMessage: 'messaging.messages.ingest',
  listMessages: 'messaging.messages.list',
  replyToCustomer: 'messaging.messages.reply',
  listCustomers: 'messaging.customers.list',
  createCustomer: 'messaging.customers.create',
  updateCustomer: 'messaging.customers.update',
  getAiConfig: 'messaging.ai-config.get',
  saveAiConfig: 'messaging.ai-config.save',
  testAgent: 'messaging.agent.test',
  getStats: 'messaging.stats.get',
} as const;

/** billing-service additions: the API-call meter. */
export const USAGE_SUBJECTS = {
  /** Counts one API call, once per idempotency key; QUOTA_EXCEEDED at the limit. */
  consume: 'billing.usage.consume',
  get: 'billing.usage.get',
} as const;

/**
 * Notifications for the owner's open browser tabs: any service publishes `{ ownerId, event }` here and
 * the gateway pushes `event` to that owner's sockets on /ws. Not for anything that must not be lost.
 */
export const REALTIME_SUBJECT = 'realtime.owner-event';
