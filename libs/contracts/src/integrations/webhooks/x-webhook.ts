/** integrations.webhooks.x.verify: X's CRC check (`GET /api/webhooks/x?crc_token=…`). */
export interface XCrcRequest {
  crcToken?: string;
}

/** X's answer to its CRC check: `sha256=` and the base64 HMAC-SHA256 of the crc_token under the consumer secret. */
export interface XCrcResponse {
  response_token: string;
}

/** integrations.webhooks.x.receive: the raw body exactly as received (the signature covers its bytes). */
export interface XWebhookDelivery {
  /** The body as UTF-8 text. */
  body: string;
  /** The x-twitter-webhooks-signature header (`sha256=<base64>`), absent when the request had none. */
  signature?: string;
}
