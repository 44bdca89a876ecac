import { type Answer, asRecord } from './fake-http';
import type { FakePage, FakePhoneNumber, SentMessage } from './fake-data';
import type { Grant } from './fake-oauth';
import { graphError, invalidParameter, invalidToken, missingParameter, unknownObject } from './graph-errors';
import { newMid, newWamid } from './meta-payloads';

/**
 * The two send APIs' rules and answers: Messenger / Instagram (`POST /<page | Instagram account>/messages`,
 * page token) and WhatsApp Cloud (`POST /<phone number id>/messages`, user token). Text messages only.
 */

/** A send is refused with Meta's error, or accepted with the message to record and Meta's answer. */
export type SendOutcome = { refused: Answer } | { accepted: Omit<SentMessage, 'at'>; answer: unknown };

/** The page a Messenger / Instagram send goes out from, and on which platform. */
export interface MessengerSender {
  page: FakePage;
  platform: 'facebook' | 'instagram';
}

const TEXT_LIMITS = { facebook: 2000, instagram: 1000 } as const;
const WHATSAPP_TEXT_LIMIT = 4096;
const MESSAGING_TYPES = new Set(['RESPONSE', 'UPDATE', 'MESSAGE_TAG']);
const MESSENGER_TAGS = new Set([
  'HUMAN_AGENT',
  'ACCOUNT_UPDATE',
  'CONFIRMED_EVENT_UPDATE',
  'POST_PURCHASE_UPDATE',
  'CUSTOMER_FEEDBACK',
]);
export const PAGE_TOKEN_REQUIRED = '(#210) A page access token is required to request this resource.';

const refuse = (answer: Answer): SendOutcome => ({ refused: answer });

/** `{ recipient: { id }, messaging_type, tag?, message: { text } }` with the sending page's token. */
export function messengerSend(
  sender: MessengerSender | undefined,
  pathId: string,
  grant: Grant | undefined,
  body: unknown,
): SendOutcome {
  if (!grant) return refuse(invalidToken());
  if (!sender) return refuse(unknownObject('POST', pathId));
  if (grant.kind === 'user') return refuse(graphError(400, 210, PAGE_TOKEN_REQUIRED));
  if (grant.pageId !== sender.page.id) return refuse(unknownObject('POST', pathId));

  const { platform } = sender;
  const { recipient, message, messaging_type: messagingType, tag } = asRecord(body);
  const recipientId = asRecord(recipient).id;
  if (typeof recipientId !== 'string' || recipientId === '') return refuse(missingParameter('recipient'));
  const text = asRecord(message).text;
  if (typeof text !== 'string' || text.trim() === '') {
    return refuse(
      graphError(400, 100, '(#100) Message cannot be empty, must provide valid attachment or text'),
    );
  }
  const limit = TEXT_LIMITS[platform];
  if (text.length > limit) {
    return refuse(invalidParameter(`Length of param message[text] must be less than or equal to ${limit}`));
  }
  if (messagingType === undefined && platform === 'facebook')
    return refuse(missingParameter('messaging_type'));
  if (
    messagingType !== undefined &&
    (typeof messagingType !== 'string' || !MESSAGING_TYPES.has(messagingType))
  ) {
    return refuse(invalidParameter('Param messaging_type must be one of {RESPONSE, UPDATE, MESSAGE_TAG}'));
  }
  if (tag !== undefined || messagingType === 'MESSAGE_TAG') {
    const valid =
      platform === 'instagram' ? tag === 'HUMAN_AGENT' : typeof tag === 'string' && MESSENGER_TAGS.has(tag);
    const name = platform === 'instagram' ? 'Instagram' : 'Messenger';
    if (!valid) return refuse(invalidParameter(`Param tag is not a message tag ${name} accepts`));
  }

  const messageId = newMid();
  return {
    accepted: {
      platform,
      pageId:
        platform === 'instagram' ? (sender.page.instagram_business_account?.id ?? pathId) : sender.page.id,
      recipientId,
      text,
      ...(typeof tag === 'string' ? { tag } : {}),
      ...(typeof messagingType === 'string' ? { messagingType } : {}),
      messageId,
    },
    answer: { recipient_id: recipientId, message_id: messageId },
  };
}

/** `{ messaging_product: 'whatsapp', recipient_type?, to, type: 'text', text: { body } }` with a user token. */
export function whatsappSend(phone: FakePhoneNumber, grant: Grant | undefined, body: unknown): SendOutcome {
  if (grant?.kind !== 'user') return refuse(invalidToken());
  const fields = asRecord(body);
  if (fields.messaging_product !== 'whatsapp') return refuse(missingParameter('messaging_product'));
  if (fields.recipient_type !== undefined && fields.recipient_type !== 'individual') {
    return refuse(invalidParameter('Param recipient_type must be individual'));
  }
  const to = fields.to;
  if (typeof to !== 'string' || to.trim() === '') return refuse(missingParameter('to'));
  if ((fields.type ?? 'text') !== 'text') {
    return refuse(invalidParameter('Param type: this fake sends text messages only'));
  }
  const text = asRecord(fields.text).body;
  if (typeof text !== 'string' || text.trim() === '') return refuse(missingParameter("text['body']"));
  if (text.length > WHATSAPP_TEXT_LIMIT) {
    return refuse(
      invalidParameter(`Param text['body'] must be at most ${WHATSAPP_TEXT_LIMIT} characters long`),
    );
  }

  const messageId = newWamid();
  return {
    accepted: { platform: 'whatsapp', pageId: phone.id, recipientId: to, text, messageId },
    answer: {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: waId(to) }],
      messages: [{ id: messageId }],
    },
  };
}

/** The WhatsApp id Meta derives from `to`: its digits. */
export const waId = (to: string): string => to.replace(/\D/g, '');
