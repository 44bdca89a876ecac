import type { MetaChannel } from '@parley/contracts';

/** Who and what the fake's Meta user manages, and what the fake records. */

export interface FakeUser {
  id: string;
  name: string;
}

/** A Facebook page the user manages, as me/accounts lists it (its token is issued by the fake). */
export interface FakePage {
  id: string;
  name: string;
  /** The user's tasks on the page (their role); ADMIN_TASKS, an admin's, when not given. */
  tasks?: string[];
  instagram_business_account?: { id: string; username: string; name: string };
}

export interface FakePhoneNumber {
  id: string;
  /** As Meta shows it, e.g. '+1 555 0100'. */
  display: string;
  /** The verified business name. */
  name: string;
}

export interface FakeWhatsAppAccount {
  wabaId: string;
  phoneNumbers: FakePhoneNumber[];
  /** Its message templates, as message_templates lists them. */
  templates: FakeTemplate[];
}

/**
 * A WhatsApp message template in Meta's shape. Only APPROVED ones can be sent. A body's parameters are
 * `{{1}}`, `{{2}}` … (POSITIONAL, the default); a media header needs media the fake does not send.
 */
export interface FakeTemplate {
  id: string;
  name: string;
  /** Meta's language code, e.g. 'en_US': a template is approved per language. */
  language: string;
  status: 'APPROVED' | 'PENDING' | 'REJECTED';
  category: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  parameter_format?: 'POSITIONAL' | 'NAMED';
  components: FakeTemplateComponent[];
}

export type FakeTemplateComponent =
  | {
      type: 'HEADER';
      format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION';
      text?: string;
      example?: { header_text?: string[]; header_handle?: string[] };
    }
  | { type: 'BODY'; text: string; example?: { body_text: string[][] } }
  | { type: 'FOOTER'; text: string }
  | { type: 'BUTTONS'; buttons: FakeTemplateButton[] };

export type FakeTemplateButton =
  | { type: 'QUICK_REPLY'; text: string }
  | { type: 'URL'; text: string; url: string }
  | { type: 'PHONE_NUMBER'; text: string; phone_number: string };

/** Which template a template send used, and its body's values in order. */
export interface SentTemplate {
  name: string;
  language: string;
  parameters: string[];
}

export interface FakeProfile {
  first_name?: string;
  last_name?: string;
  name?: string;
  username?: string;
  profile_pic?: string;
}

/**
 * One send the fake accepted. `pageId` is the sender: page, Instagram account or phone number id. `text` is
 * what the customer reads: for a template, its header, body (values in place) and footer, a blank line apart.
 */
export interface SentMessage {
  platform: MetaChannel;
  pageId: string;
  recipientId: string;
  text: string;
  /** A WhatsApp template send: which template, with which values. */
  template?: SentTemplate;
  tag?: string;
  messagingType?: string;
  messageId: string;
  at: number;
}

/** An admin's tasks on a page, as me/accounts lists them. */
export const ADMIN_TASKS = ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'];

export const DEFAULT_USER: FakeUser = { id: '10001', name: 'Kestrel Owner' };

export const DEFAULT_PAGES: FakePage[] = [
  {
    id: '20001',
    name: 'Kestrel Test Page',
    instagram_business_account: { id: '30001', username: 'kestrel.test', name: 'Kestrel Test' },
  },
];

/**
 * The default account's templates: three to send (two, one and no parameters; the Spanish one with quick
 * replies), an approved one with an IMAGE header (a text-only client must leave it out) and a pending one.
 */
export const DEFAULT_TEMPLATES: FakeTemplate[] = [
  {
    id: '60001',
    name: 'order_update',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [
      {
        type: 'BODY',
        text: 'Hi {{1}}, your order {{2}} is on its way.',
        example: { body_text: [['Ada', '#1234']] },
      },
      { type: 'FOOTER', text: 'Kestrel Test' },
    ],
  },
  {
    id: '60002',
    name: 'follow_up',
    language: 'es',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [
      {
        type: 'BODY',
        text: 'Hola {{1}}, gracias por escribirnos. ¿Podemos ayudarte en algo más?',
        example: { body_text: [['Ada']] },
      },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Sí, por favor' },
          { type: 'QUICK_REPLY', text: 'No, gracias' },
        ],
      },
    ],
  },
  {
    id: '60003',
    name: 'hello_world',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    parameter_format: 'POSITIONAL',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
      {
        type: 'BODY',
        text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta. Thank you for taking the time to test with us.',
      },
      { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
    ],
  },
  {
    id: '60004',
    name: 'new_collection',
    language: 'en_US',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [
      {
        type: 'HEADER',
        format: 'IMAGE',
        example: { header_handle: ['https://scontent.whatsapp.net/v/t61.29466-34/new-collection.jpg'] },
      },
      {
        type: 'BODY',
        text: 'Our new collection is in, {{1}}. Come and see it in store.',
        example: { body_text: [['Ada']] },
      },
    ],
  },
  {
    id: '60005',
    name: 'winter_sale',
    language: 'en_US',
    status: 'PENDING',
    category: 'MARKETING',
    parameter_format: 'POSITIONAL',
    components: [
      {
        type: 'BODY',
        text: '{{1}}, our winter sale starts tomorrow: {{2}} off everything.',
        example: { body_text: [['Ada', '20%']] },
      },
    ],
  },
];

export const DEFAULT_WHATSAPP: FakeWhatsAppAccount[] = [
  {
    wabaId: '40001',
    phoneNumbers: [{ id: '50001', display: '+1 555 0100', name: 'Kestrel Test' }],
    templates: DEFAULT_TEMPLATES,
  },
];
