import type { ChannelPlatform } from '../channels/channel-platforms';
import type { TemplateChoice } from '../templates/whatsapp-template';

/**
 * integrations.deliveries.enqueue (actor = owner): one outgoing message for a customer who wrote in
 * through a connected channel. Stored, then sent by a Bull job; idempotent on messageId.
 */
export interface DeliveryRequest {
  messageId: string;
  platform: ChannelPlatform;
  /** The page / Instagram account / WhatsApp phone number id the customer wrote to. */
  pageId: string;
  /** The customer's id on the platform (PSID, IGSID, WhatsApp id). */
  recipientId: string;
  /** What the customer reads (a template's, rendered). */
  text: string;
  /** WhatsApp: send this approved template (allowed outside the 24-hour window) instead of `text`. */
  template?: TemplateChoice;
  /** Written by a person (may go out with the HUMAN_AGENT tag after 24 h) or by the AI (never after 24 h). */
  writtenBy: 'ai' | 'human';
}

/** Where a sent message stands on the platform. */
export type DeliveryState = 'sent' | 'delivered' | 'read' | 'failed';
