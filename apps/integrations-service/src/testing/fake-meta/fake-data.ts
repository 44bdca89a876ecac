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
}

export interface FakeProfile {
  first_name?: string;
  last_name?: string;
  name?: string;
  username?: string;
}

/** One send the fake accepted. `pageId` is the sender: page, Instagram account or phone number id. */
export interface SentMessage {
  platform: MetaChannel;
  pageId: string;
  recipientId: string;
  text: string;
  tag?: string;
  messagingType?: string;
  messageId: string;
  at: number;
}

export const DEFAULT_USER: FakeUser = { id: '10001', name: 'Kestrel Owner' };

export const DEFAULT_PAGES: FakePage[] = [
  {
    id: '20001',
    name: 'Kestrel Test Page',
    instagram_business_account: { id: '30001', username: 'kestrel.test', name: 'Kestrel Test' },
  },
];

export const DEFAULT_WHATSAPP: FakeWhatsAppAccount[] = [
  { wabaId: '40001', phoneNumbers: [{ id: '50001', display: '+1 555 0100', name: 'Kestrel Test' }] },
];
