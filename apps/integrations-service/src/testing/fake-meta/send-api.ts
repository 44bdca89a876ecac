import { type Answer, asRecord } from './fake-http';
import type {
  FakePage,
  FakePhoneNumber,
  FakeTemplate,
  FakeTemplateComponent,
  FakeWhatsAppAccount,
  SentMessage,
} from './fake-data';
import type { Grant } from './fake-oauth';
import {
  graphError,
  invalidParameter,
  invalidToken,
  missingParameter,
  unknownObject,
  whatsappError,
} from './graph-errors';
import { newMid, newWamid } from './meta-payloads';

/**
 * The two send APIs' rules and answers: Messenger / Instagram (`POST /<page | Instagram account>/messages`,
 * page token), text messages; and WhatsApp Cloud (`POST /<phone number id>/messages`, user token), text
 * messages and templates. A template send names an APPROVED template of the number's business account
 * (name and language) and fills its body's `{{n}}` with text parameters; it is refused as Meta refuses it:
 * 132001 no such approved template in that language, 132000 not as many parameters as the body's highest
 * `{{n}}`, 132018 a blank parameter or one with a new line, a tab or more than 4 spaces in a row.
 */

type Refused = { refused: Answer };

/** A send is refused with Meta's error, or accepted with the message to record and Meta's answer. */
export type SendOutcome = Refused | { accepted: Omit<SentMessage, 'at'>; answer: unknown };

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

/** The WhatsApp number a send goes out from, and the business account that holds its templates. */
export interface WhatsAppSender {
  account: FakeWhatsAppAccount;
  phone: FakePhoneNumber;
}

/** What a WhatsApp send carries: the text the customer reads and, for a template, which one. */
type WhatsAppContent = Pick<SentMessage, 'text' | 'template'>;

const PLACEHOLDER = /\{\{(\d+)\}\}/g;
/** Meta refuses a template parameter holding a new line, a tab or more than 4 spaces in a row. */
const BAD_PARAMETER_TEXT = /[\n\t]| {5}/;

const refuse = (answer: Answer): Refused => ({ refused: answer });

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

/**
 * `{ messaging_product: 'whatsapp', recipient_type?, to, type: 'text', text: { body } }` or
 * `{ …, type: 'template', template: { name, language: { code, policy? }, components? } }` with a user token.
 */
export function whatsappSend(sender: WhatsAppSender, grant: Grant | undefined, body: unknown): SendOutcome {
  if (grant?.kind !== 'user') return refuse(invalidToken());
  const fields = asRecord(body);
  if (fields.messaging_product !== 'whatsapp') return refuse(missingParameter('messaging_product'));
  if (fields.recipient_type !== undefined && fields.recipient_type !== 'individual') {
    return refuse(invalidParameter('Param recipient_type must be individual'));
  }
  const to = fields.to;
  if (typeof to !== 'string' || to.trim() === '') return refuse(missingParameter('to'));
  const type = fields.type ?? 'text';
  const content =
    type === 'text'
      ? textContent(fields.text)
      : type === 'template'
        ? templateContent(sender.account.templates, fields.template)
        : refuse(invalidParameter('Param type: this fake sends text and template messages only'));
  if ('refused' in content) return content;

  const messageId = newWamid();
  return {
    accepted: { platform: 'whatsapp', pageId: sender.phone.id, recipientId: to, ...content, messageId },
    answer: {
      messaging_product: 'whatsapp',
      contacts: [{ input: to, wa_id: waId(to) }],
      // Meta adds the template's pacing status; 'accepted' unless the template is being paced.
      messages: [{ id: messageId, ...(content.template ? { message_status: 'accepted' } : {}) }],
    },
  };
}

/** `text: { body }`. */
function textContent(text: unknown): WhatsAppContent | Refused {
  const body = asRecord(text).body;
  if (typeof body !== 'string' || body.trim() === '') return refuse(missingParameter("text['body']"));
  if (body.length > WHATSAPP_TEXT_LIMIT) {
    return refuse(
      invalidParameter(`Param text['body'] must be at most ${WHATSAPP_TEXT_LIMIT} characters long`),
    );
  }
  return { text: body };
}

/** `template: { name, language: { code, policy? }, components?: [{ type: 'body', parameters }] }`. */
function templateContent(templates: FakeTemplate[], value: unknown): WhatsAppContent | Refused {
  const { name, language, components } = asRecord(value);
  if (typeof name !== 'string' || name === '') return refuse(missingParameter("template['name']"));
  const { code, policy } = asRecord(language);
  if (typeof code !== 'string' || code === '')
    return refuse(missingParameter("template['language']['code']"));
  if (policy !== undefined && policy !== 'deterministic') {
    return refuse(invalidParameter("Param template['language']['policy'] must be deterministic"));
  }
  const template = templates.find((t) => t.name === name && t.language === code && t.status === 'APPROVED');
  if (!template) {
    return refuse(
      whatsappError(
        132001,
        'Template name does not exist in the translation',
        `template name (${name}) does not exist in ${code}`,
      ),
    );
  }
  const header = componentOf(template, 'HEADER');
  if (header && header.format !== 'TEXT') {
    return refuse(invalidParameter(`Param template: this fake sends no media (${header.format} header)`));
  }

  const body = componentOf(template, 'BODY')?.text ?? '';
  const parameters = (Array.isArray(components) ? components : [])
    .map(asRecord)
    .filter((component) => component.type === 'body')
    .flatMap((component) => (Array.isArray(component.parameters) ? component.parameters : []))
    .map(asRecord);
  const expected = placeholderCount(body);
  if (parameters.length !== expected) {
    return refuse(
      whatsappError(
        132000,
        'Number of parameters does not match the expected number of params',
        `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`,
      ),
    );
  }
  if (parameters.some((parameter) => parameter.type !== 'text')) {
    return refuse(invalidParameter('Param template: this fake takes text parameters only'));
  }
  const texts = parameters.map((parameter) => parameter.text);
  if (!texts.every(isParameterText)) {
    return refuse(
      whatsappError(
        132018,
        'There was an issue with the parameters in your template.',
        'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
      ),
    );
  }

  const filled = body.replace(PLACEHOLDER, (_, n: string) => texts[Number(n) - 1]);
  const text = [header?.text, filled, componentOf(template, 'FOOTER')?.text].filter(Boolean).join('\n\n');
  return { text, template: { name, language: code, parameters: texts } };
}

function componentOf<T extends FakeTemplateComponent['type']>(
  template: FakeTemplate,
  type: T,
): Extract<FakeTemplateComponent, { type: T }> | undefined {
  return template.components.find(
    (component): component is Extract<FakeTemplateComponent, { type: T }> => component.type === type,
  );
}

/** The highest `{{n}}` in a template's text: how many parameters it takes. */
function placeholderCount(text: string): number {
  return Math.max(0, ...[...text.matchAll(PLACEHOLDER)].map((match) => Number(match[1])));
}

function isParameterText(text: unknown): text is string {
  return typeof text === 'string' && text.trim() !== '' && !BAD_PARAMETER_TEXT.test(text);
}

/** The WhatsApp id Meta derives from `to`: its digits. */
export const waId = (to: string): string => to.replace(/\D/g, '');
