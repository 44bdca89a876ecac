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
  const expected = Buffer.from(mac(secret, subscriberId, campaign));
  if (!timingSafeEqual(expected, Buffer.from(given))) return undefined;
  return campaign === '-' ? { subscriberId } : { subscriberId, campaignId: campaign };
}

function mac(secret: string, subscriberId: string, campaign: string): string {
  return createHmac('sha256', secret)
    .update(`unsubscribe:${subscriberId}:${campaign}`)
    .digest('base64url')
    .slice(0, 22);
}
