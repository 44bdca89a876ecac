import { signClickLink, signOpenLink, signUnsubscribeLink, type UnsubscribeLink } from '@parley/server-kit';
import type { MarketingConfig } from '../config/marketing.config';
import type { MailTracking } from './campaign-mail';

/** The gateway's route of unsubscribe links: GET shows a confirmation page, POST is the one-click. */
export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

/** The gateway's routes that count a delivery's open (an image) and click (a redirect). */
export const OPEN_PATH = '/api/email/open';
export const CLICK_PATH = '/api/email/click';

/** A subscriber's signed unsubscribe link (see signUnsubscribeLink). */
export function unsubscribeUrl(config: MarketingConfig, link: UnsubscribeLink): string {
  return `${config.PUBLIC_URL}${UNSUBSCRIBE_PATH}/${signUnsubscribeLink(config.EMAIL_LINK_SECRET, link)}`;
}

/** A delivery's signed open pixel and click redirects (see signOpenLink, signClickLink). */
export function trackingFor(config: MarketingConfig, deliveryId: string): MailTracking {
  const secret = config.EMAIL_LINK_SECRET;
  return {
    openUrl: `${config.PUBLIC_URL}${OPEN_PATH}/${signOpenLink(secret, deliveryId)}`,
    clickUrl: (url) =>
      `${config.PUBLIC_URL}${CLICK_PATH}/${signClickLink(secret, deliveryId, url)}?url=${encodeURIComponent(url)}`,
  };
}

/** A Message-ID of our own domain (PUBLIC_URL's host), unique per delivery: `<id@parley.example.com>`. */
export function messageIdFor(config: MarketingConfig, id: string): string {
  return `<${id}@${new URL(config.PUBLIC_URL).hostname}>`;
}
