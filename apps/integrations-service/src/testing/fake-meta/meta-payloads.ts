import { randomBytes } from 'node:crypto';

/**
 * Webhook bodies exactly as Meta posts them (Graph v21.0): Messenger and Instagram `messaging` events under
 * `entry[]`, WhatsApp Cloud `changes[].value` under `entry[]`. Each builder returns the whole body; ids and
 * times are generated when not given. Messenger and Instagram times are epoch milliseconds, WhatsApp's are
 * epoch seconds as strings, as Meta sends them.
 */

/** A Messenger / Instagram message id as the send API and webhooks carry it. */
export function newMid(): string {
  return `m_${randomBytes(24).toString('base64url')}`;
}

/** A WhatsApp Cloud message id. */
export function newWamid(): string {
  return `wamid.${randomBytes(30).toString('base64')}`;
}

/** Echo events carry the sending app's id, a number for real apps (ours may be a development name). */
function appIdValue(appId: string): string | number {
  return /^\d{1,15}$/.test(appId) ? Number(appId) : appId;
}

type MessagingEvent = Record<string, unknown>;
type MessagingObject = 'page' | 'instagram';

function messagingBody(object: MessagingObject, entryId: string, event: MessagingEvent) {
  return { object, entry: [{ id: entryId, time: Date.now(), messaging: [event] }] };
}

/** An event from the customer (`user`: PSID or IGSID) to the page or Instagram account (`account`). */
function fromCustomer(
  object: MessagingObject,
  account: string,
  user: string,
  event: MessagingEvent,
  timestamp = Date.now(),
) {
  return messagingBody(object, account, {
    sender: { id: user },
    recipient: { id: account },
    timestamp,
    ...event,
  });
}

/** What the page or account sent (from Parley through the send API, or by a person from its inbox: no app_id). */
function echoOf(
  object: MessagingObject,
  account: string,
  user: string,
  input: { text: string; mid?: string; appId?: string; timestamp?: number },
) {
  return messagingBody(object, account, {
    sender: { id: account },
    recipient: { id: user },
    timestamp: input.timestamp ?? Date.now(),
    message: {
      mid: input.mid ?? newMid(),
      is_echo: true,
      ...(input.appId === undefined ? {} : { app_id: appIdValue(input.appId) }),
      text: input.text,
    },
  });
}

export type AttachmentType = 'image' | 'video' | 'audio' | 'file';

interface Attachment {
  type: AttachmentType;
  url: string;
  mid?: string;
  /** Sent with the attachment (Messenger only). */
  text?: string;
  timestamp?: number;
}

function attachmentMessage(input: Attachment) {
  return {
    mid: input.mid ?? newMid(),
    ...(input.text === undefined ? {} : { text: input.text }),
    attachments: [{ type: input.type, payload: { url: input.url } }],
  };
}

interface Text {
  text: string;
  mid?: string;
  timestamp?: number;
}

// ---- Messenger (object: 'page') ----

export function messengerText(input: { pageId: string; psid: string } & Text) {
  return fromCustomer(
    'page',
    input.pageId,
    input.psid,
    { message: { mid: input.mid ?? newMid(), text: input.text } },
    input.timestamp,
  );
}

export function messengerAttachment(input: { pageId: string; psid: string } & Attachment) {
  return fromCustomer(
    'page',
    input.pageId,
    input.psid,
    { message: attachmentMessage(input) },
    input.timestamp,
  );
}

export function messengerEcho(input: { pageId: string; psid: string; appId?: string } & Text) {
  return echoOf('page', input.pageId, input.psid, input);
}

/** Every message in `mids` (and all sent before `watermark`) reached the customer. */
export function messengerDelivery(input: {
  pageId: string;
  psid: string;
  mids: string[];
  watermark: number;
}) {
  return messagingBody('page', input.pageId, {
    sender: { id: input.psid },
    recipient: { id: input.pageId },
    delivery: { mids: input.mids, watermark: input.watermark },
  });
}

/** The customer read everything the page sent up to `watermark` (Messenger names no message). */
export function messengerRead(input: {
  pageId: string;
  psid: string;
  watermark: number;
  timestamp?: number;
}) {
  return fromCustomer(
    'page',
    input.pageId,
    input.psid,
    { read: { watermark: input.watermark } },
    input.timestamp,
  );
}

// ---- Instagram (object: 'instagram'; the entry and recipient are the Instagram business account) ----

export function instagramText(input: { igId: string; igsid: string } & Text) {
  return fromCustomer(
    'instagram',
    input.igId,
    input.igsid,
    { message: { mid: input.mid ?? newMid(), text: input.text } },
    input.timestamp,
  );
}

export function instagramAttachment(input: { igId: string; igsid: string } & Omit<Attachment, 'text'>) {
  return fromCustomer(
    'instagram',
    input.igId,
    input.igsid,
    { message: attachmentMessage(input) },
    input.timestamp,
  );
}

export function instagramEcho(input: { igId: string; igsid: string; appId?: string } & Text) {
  return echoOf('instagram', input.igId, input.igsid, input);
}

/** messaging_seen: the customer saw the message `mid` (Instagram has no delivery event). */
export function instagramRead(input: { igId: string; igsid: string; mid: string; timestamp?: number }) {
  return fromCustomer('instagram', input.igId, input.igsid, { read: { mid: input.mid } }, input.timestamp);
}

// ---- WhatsApp Cloud (object: 'whatsapp_business_account'; the entry is the WhatsApp business account) ----

interface WhatsAppTarget {
  wabaId: string;
  phoneNumberId: string;
  /** The business number as Meta writes it in `metadata`: digits only. */
  displayPhone?: string;
}

function whatsappBody(target: WhatsAppTarget, value: Record<string, unknown>) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: target.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: target.displayPhone ?? '15550000000',
                phone_number_id: target.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

const epochSeconds = () => String(Math.floor(Date.now() / 1000));

interface WhatsAppInbound extends WhatsAppTarget {
  waId: string;
  /** The customer's WhatsApp profile name. */
  name: string;
  id?: string;
  timestamp?: string;
}

function whatsappInbound(input: WhatsAppInbound, message: Record<string, unknown>) {
  return whatsappBody(input, {
    contacts: [{ profile: { name: input.name }, wa_id: input.waId }],
    messages: [
      {
        from: input.waId,
        id: input.id ?? newWamid(),
        timestamp: input.timestamp ?? epochSeconds(),
        ...message,
      },
    ],
  });
}

export function whatsappText(input: WhatsAppInbound & { text: string }) {
  return whatsappInbound(input, { type: 'text', text: { body: input.text } });
}

/** An image the customer sent: Meta gives a media id to download with the token, not a URL. */
export function whatsappImage(
  input: WhatsAppInbound & { mediaId: string; mimeType: string; caption?: string },
) {
  return whatsappInbound(input, {
    type: 'image',
    image: {
      id: input.mediaId,
      mime_type: input.mimeType,
      sha256: randomBytes(32).toString('base64'),
      ...(input.caption === undefined ? {} : { caption: input.caption }),
    },
  });
}

/** An error in a `failed` status, as Meta lists it. */
export interface WhatsAppStatusError {
  code: number;
  title: string;
  message?: string;
  error_data?: { details: string };
}

export function whatsappStatus(
  input: WhatsAppTarget & {
    id: string;
    status: 'sent' | 'delivered' | 'read' | 'failed';
    recipientId: string;
    errors?: WhatsAppStatusError[];
    timestamp?: string;
  },
) {
  return whatsappBody(input, {
    statuses: [
      {
        id: input.id,
        status: input.status,
        timestamp: input.timestamp ?? epochSeconds(),
        recipient_id: input.recipientId,
        ...(input.errors === undefined ? {} : { errors: input.errors }),
      },
    ],
  });
}
