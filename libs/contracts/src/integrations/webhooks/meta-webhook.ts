/** integrations.webhooks.meta.verify: the query of Meta's GET verification request. */
export interface MetaVerifyRequest {
  mode?: string;
  token?: string;
  challenge?: string;
}

/** integrations.webhooks.meta.receive: the raw body exactly as received (the signature covers its bytes). */
export interface MetaWebhookDelivery {
  /** The body as UTF-8 text. */
  body: string;
  /** The X-Hub-Signature-256 header (`sha256=<hex>`), absent when the request had none. */
  signature?: string;
}
