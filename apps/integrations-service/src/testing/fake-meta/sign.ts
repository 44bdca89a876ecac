import { createHmac } from 'node:crypto';

/** The X-Hub-Signature-256 value Meta puts on a webhook: `sha256=` and the hex HMAC-SHA256 of the raw body under the app secret. */
export function signMetaBody(appSecret: string, body: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`;
}
