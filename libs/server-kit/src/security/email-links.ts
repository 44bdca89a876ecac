import { createHmac, timingSafeEqual } from 'node:crypto';

/** Development only: a local stack and the tests sign their links with it; production must set its own. */
export const DEVELOPMENT_EMAIL_LINK_SECRET = 'parley-development-email-link-secret';

/** Whose unsubscribe link it is: the subscriber, and the campaign whose mail carried it (if any). */
export interface UnsubscribeLink {
  subscriberId: string;
  campaignId?: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const TOKEN = new RegExp(`^(${UUID})\\.(${UUID}|-)\\.([A-Za-z0-9_-]{22})$`);

/**
 * The token of a subscriber's unsubscribe link: `<subscriber>.<campaign or ->.<mac>`, the mac a truncated
 * HMAC-SHA256 (128 bits) under EMAIL_LINK_SECRET, so only marketing-service (which signs) and the gateway
 * (which checks, without signing in anyone) can make one; changing any part of it breaks the mac.
 */
export function signUnsubscribeLink(secret: string, link: UnsubscribeLink): string {
  const campaign = link.campaignId ?? '-';
  return `${link.subscriberId}.${campaign}.${mac(secret, link.subscriberId, campaign)}`;
}

/** The link a token was signed for, or undefined for anything else (forged, altered, malformed). */
export function verifyUnsubscribeLink(secret: string, token: string): UnsubscribeLink | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const [, subscriberId, campaign, given] = match;
  if (!sameMac(mac(secret, subscriberId, campaign), given)) return undefined;
  return campaign === '-' ? { subscriberId } : { subscriberId, campaignId: campaign };
}

/**
 * The token of a delivery's open pixel: `<delivery>.<mac>`, the mac over `open:<delivery>`. Only
 * marketing-service signs it; the gateway counts an open for nothing else.
 */
export function signOpenLink(secret: string, deliveryId: string): string {
  return `${deliveryId}.${hmac(secret, `open:${deliveryId}`)}`;
}

/** The delivery an open pixel's token was signed for, or undefined for anything else. */
export function verifyOpenLink(secret: string, token: string): string | undefined {
  const match = DELIVERY_TOKEN.exec(token);
  if (!match || !sameMac(hmac(secret, `open:${match[1]}`), match[2])) return undefined;
  return match[1];
}

/**
 * The token of a tracked link in a delivery's mail: `<delivery>.<mac>`, the mac over the delivery and the
 * exact target URL (which travels beside it, in the query). Only a link marketing-service put in that mail
 * verifies: another URL, or the same URL under another delivery, does not (no open redirect).
 */
export function signClickLink(secret: string, deliveryId: string, url: string): string {
  return `${deliveryId}.${hmac(secret, `click:${deliveryId}:${url}`)}`;
}

/** The delivery a tracked link was signed for, when `url` is the URL it was signed with; else undefined. */
export function verifyClickLink(secret: string, token: string, url: string): string | undefined {
  const match = DELIVERY_TOKEN.exec(token);
  if (!match || !sameMac(hmac(secret, `click:${match[1]}:${url}`), match[2])) return undefined;
  return match[1];
}

const DELIVERY_TOKEN = new RegExp(`^(${UUID})\\.([A-Za-z0-9_-]{22})$`);

function mac(secret: string, subscriberId: string, campaign: string): string {
  return hmac(secret, `unsubscribe:${subscriberId}:${campaign}`);
}

function hmac(secret: string, text: string): string {
  return createHmac('sha256', secret).update(text).digest('base64url').slice(0, 22);
}

function sameMac(expected: string, given: string): boolean {
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}
