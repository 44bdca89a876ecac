import type { WindowState } from '@parley/contracts';
import type { OutgoingMessage } from '../channel-adapter';
import { templateMessage } from './templates/whatsapp-templates';

/** One call to a platform's send API: where it goes, its body, and how the token travels. */
export interface SendCall {
  path: string;
  body: Record<string, unknown>;
  /** WhatsApp's messages API takes the token as `Authorization: Bearer`; Messenger and Instagram in the query. */
  tokenAs: 'query' | 'bearer';
}

/**
 * The send API call for `message` while the customer's window is in `state` (already checked to allow
 * it): Messenger and Instagram answer inside the 24-hour window as a RESPONSE, and after it (a person,
 * up to 7 days) with the HUMAN_AGENT tag; WhatsApp sends a plain text inside the window, and an approved
 * template at any time.
 */
export function sendCall(message: OutgoingMessage, state: WindowState): SendCall {
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
