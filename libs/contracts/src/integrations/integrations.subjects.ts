/** integrations-service: channel connections (Meta OAuth), Meta webhooks, deliveries to the platforms. */
export const INTEGRATIONS_SUBJECTS = {
  /**
   * ConnectUrlRequest → OAuthConnectResponse: the provider's OAuth dialog with a signed, single-use state
   * bound to the owner and to their browser session.
   */
  connectUrl: 'integrations.connections.connect-url',
  /**
   * OAuthCallbackData → OAuthCallbackResult. The actor is whoever the callback's session belongs to (none
   * without one); it must be the state's owner, and the binding the state's. Throws a DomainException whose
   * `details.connectFailure` (CONNECT_FAILURES) is all the wizard is told.
   */
  completeConnect: 'integrations.connections.complete',
  /** `{}` → SocialIntegrationResponse[] (every platform, connected or not). */
  listIntegrations: 'integrations.connections.list',
  /** `{ platform }` → `{ platform }`: unsubscribes the pages and forgets their tokens. */
  disconnect: 'integrations.connections.disconnect',
  /**
   * Every channel's webhook, as integrations-service listens for it: `integrations.webhooks.{source}.verify`
   * and `….receive` (NATS wildcards; the subject's middle word names the channel adapter, such as `meta`).
   * The gateway sends to one source's subject (below, or `webhookSubject`).
   */
  verifyWebhook: 'integrations.webhooks.*.verify',
  receiveWebhook: 'integrations.webhooks.*.receive',
  /** MetaVerifyRequest → `{ challenge }` (no actor); FORBIDDEN when the token is wrong. */
  verifyMetaWebhook: 'integrations.webhooks.meta.verify',
  /**
   * MetaWebhookDelivery → `{ accepted: true }` (no actor). Checks the signature over the raw body
   * (UNAUTHENTICATED when missing, FORBIDDEN when wrong), stores the event and queues its processing.
   */
  receiveMetaWebhook: 'integrations.webhooks.meta.receive',
  /**
   * ListTemplatesRequest (actor = owner) → WhatsAppTemplateResponse[]: the approved templates of the owner's
   * connected WhatsApp number, read from Meta; CONFLICT when the owner no longer has that number connected.
   */
  listTemplates: 'integrations.templates.list',
  /** DeliveryRequest (actor = owner) → `{ queued: true }`: idempotent on messageId. */
  enqueueDelivery: 'integrations.deliveries.enqueue',
} as const;

/** The subject of one channel's webhook step: `integrations.webhooks.{source}.{step}`. */
export function webhookSubject(source: string, step: 'verify' | 'receive'): string {
  return `integrations.webhooks.${source}.${step}`;
}

/**
 * The channel a webhook subject is for (its `{source}`), or undefined when it is not one. The subject may
 * carry the deployment's NATS prefix (NATS_PREFIX) in front.
 */
export function webhookSource(subject: string): string | undefined {
  const match = /(?:^|\.)integrations\.webhooks\.([a-z0-9-]+)\.(?:verify|receive)$/.exec(subject);
  return match?.[1];
}
