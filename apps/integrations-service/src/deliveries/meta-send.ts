import { type MetaChannel, PLATFORM_NAMES, type TemplateChoice, type WindowState } from '@parley/contracts';
import { ASSET_NOUNS } from '../connections/channels';
import { templateMessage } from '../templates/whatsapp-templates';

/** One call to a platform's send API: where it goes, its body, and how the token travels. */
export interface SendCall {
  path: string;
  body: Record<string, unknown>;
  /** WhatsApp's messages API takes the token as `Authorization: Bearer`; Messenger and Instagram in the query. */
  tokenAs: 'query' | 'bearer';
}

/** A text for one customer on a page, account or WhatsApp number. */
export interface OutgoingText {
  platform: MetaChannel;
  pageId: string;
  recipientId: string;
  text: string;
  /** WhatsApp: send this approved template instead of the text. */
  template: TemplateChoice | null;
}

/**
 * The send API call for `message` while the customer's window is in `state` (already checked to allow
 * it): Messenger and Instagram answer inside the 24-hour window as a RESPONSE, and after it (a person,
 * up to 7 days) with the HUMAN_AGENT tag; WhatsApp sends a plain text inside the window, and an approved
 * template at any time.
 */
export function sendCall(message: OutgoingText, state: WindowState): SendCall {
  if (message.platform === 'whatsapp') {
    return {
      path: `/${encodeURIComponent(message.pageId)}/messages`,
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: message.recipientId,
        ...(message.template === null
          ? { type: 'text', text: { body: message.text } }
          : { type: 'template', template: templateMessage(message.template) }),
      },
      tokenAs: 'bearer',
    };
  }
  const tagged = state === 'human-agent';
  return {
    path: `/${encodeURIComponent(message.pageId)}/messages`,
    body: {
      recipient: { id: message.recipientId },
      messaging_type: tagged ? 'MESSAGE_TAG' : 'RESPONSE',
      ...(tagged ? { tag: 'HUMAN_AGENT' } : {}),
      message: { text: message.text },
    },
    tokenAs: 'query',
  };
}

/** The platform's id of the sent message, from the send API's answer; undefined when it has none. */
export function sentMessageId(answer: unknown): string | undefined {
  const { message_id: messageId, messages } = (answer ?? {}) as {
    message_id?: unknown;
    messages?: { id?: unknown }[];
  };
  const id = messageId ?? (Array.isArray(messages) ? messages[0]?.id : undefined);
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** Why a message cannot go out when Meta refused the page's token: Meta's words, and what to do. */
export function tokenRefusal(platform: MetaChannel, metaMessage: string): string {
  return `${metaMessage} Connect ${PLATFORM_NAMES[platform]} again in Parley.`;
}

/** Why a message to a page that was disconnected cannot go out. */
export function notConnected(platform: MetaChannel): string {
  return `The ${ASSET_NOUNS[platform]} is no longer connected.`;
}
