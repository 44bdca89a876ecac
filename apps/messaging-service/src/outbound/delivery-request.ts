import {
  type CustomerPlatform,
  type DeliveryRequest,
  isChannelPlatform,
  type TemplateChoice,
} from '@parley/contracts';

/** A customer as delivering to them needs. */
export interface DeliveryTarget {
  platform: CustomerPlatform;
  /** The connected page they wrote to; null for a simulated or hand-made customer (`manual`: no channel at all). */
  pageId: string | null;
  /** Their id on the platform (PSID, IGSID, WhatsApp id). */
  platformUsername: string;
}

/**
 * What an outgoing message is stored as: `queued` when it is handed over for delivery; `simulated` to a
 * simulated (test) customer, whom nothing ever reaches; `sent` to a customer added by hand (as before).
 */
export type OutgoingStatus = 'queued' | 'sent' | 'simulated';

export function outgoingStatus(
  customer: Pick<DeliveryTarget, 'platform' | 'pageId'> & { isTest: boolean },
): OutgoingStatus {
  if (isReachable(customer)) return 'queued';
  return customer.isTest ? 'simulated' : 'sent';
}

/** Whether messages to `customer` are delivered: they wrote through a connected channel. */
export function isReachable(customer: Pick<DeliveryTarget, 'platform' | 'pageId'>): boolean {
  return customer.pageId !== null && isChannelPlatform(customer.platform);
}

/**
 * What integrations-service needs to deliver `text` (or, on WhatsApp, the `template` it renders) to
 * `customer`; undefined for a customer who never wrote through a connected channel (simulated, added by
 * hand): nothing is ever sent to them.
 */
export function deliveryRequest(
  messageId: string,
  customer: DeliveryTarget,
  text: string,
  writtenBy: DeliveryRequest['writtenBy'],
  template?: TemplateChoice,
): DeliveryRequest | undefined {
  const { platform, pageId } = customer;
  if (pageId === null || !isChannelPlatform(platform)) return undefined;
  return {
    messageId,
    platform,
    pageId,
    recipientId: customer.platformUsername,
    text,
    ...(template && { template }),
    writtenBy,
  };
}
