import { signUnsubscribeLink, type UnsubscribeLink } from '@parley/server-kit';
import type { MarketingConfig } from '../config/marketing.config';

/** The gateway's route of unsubscribe links: GET shows a confirmation page, POST is the one-click. */
export const UNSUBSCRIBE_PATH = '/api/email/unsubscribe';

/** A subscriber's signed unsubscribe link (see signUnsubscribeLink). */
export function unsubscribeUrl(config: MarketingConfig, link: UnsubscribeLink): string {
  return `${config.PUBLIC_URL}${UNSUBSCRIBE_PATH}/${signUnsubscribeLink(config.EMAIL_LINK_SECRET, link)}`;
}

/** A Message-ID of our own domain (PUBLIC_URL's host), unique per delivery: `<id@parley.example.com>`. */
export function messageIdFor(config: MarketingConfig, id: string): string {
  return `<${id}@${new URL(config.PUBLIC_URL).hostname}>`;
}
