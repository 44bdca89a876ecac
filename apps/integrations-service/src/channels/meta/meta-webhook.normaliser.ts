import { FIELD_LIMITS, type MessageAttachment, type MetaChannel } from '@parley/contracts';
import type { ChannelEvent, CustomerMessage, SendStatus } from '../channel-adapter';
import { clip, contentOf, idOf, isDefined, isRecord, linkOf, text } from '../payload-text';

/*
 * Meta's three webhook shapes in the one inbound shape (ChannelEvent). Messenger (`object: 'page'`) and
 * Instagram (`object: 'instagram'`) put `messaging[]` events under `entry[]`, the entry's id being the page
 * or the Instagram account; WhatsApp Cloud (`object: 'whatsapp_business_account'`) puts `changes[].value`
 * under `entry[]`, the phone number id in `value.metadata`.
 */

/** What a WhatsApp media id links to: the Graph media object, which the owner's token can fetch later. */
export type MediaLink = (mediaId: string) => string;

const OBJECT_PLATFORMS: Record<string, MetaChannel> = {
  page: 'facebook',
  instagram: 'instagram',
  whatsapp_business_account: 'whatsapp',
};

const WHATSAPP_STATUSES = new Set(['sent', 'delivered', 'read', 'failed']);

/** WhatsApp message types that carry media, and the attachment type each is stored as. */
const WHATSAPP_MEDIA: Record<string, string> = {
  image: 'image',
  video: 'video',
  audio: 'audio',
  voice: 'audio',
  document: 'file',
  sticker: 'sticker',
};

/**
 * Reads a parsed webhook body. Never throws: a body or part of one that is not one of Meta's shapes
 * (another object, a field Parley does not subscribe to, a reaction, a deleted message) yields nothing,
 * so a strange event is acknowledged and skipped instead of being retried forever.
 */
export function normaliseMetaWebhook(body: unknown, mediaLink: MediaLink): ChannelEvent[] {
  if (!isRecord(body) || !Array.isArray(body.entry)) return [];
  const platform = OBJECT_PLATFORMS[String(body.object)];
  if (platform === undefined) return [];
  const events: ChannelEvent[] = [];
  for (const entry of body.entry) {
    if (!isRecord(entry)) continue;
    if (platform === 'whatsapp') events.push(...whatsappEntry(entry, mediaLink));
    else {
      const pageId = idOf(entry.id);
      if (pageId === undefined || !Array.isArray(entry.messaging)) continue;
      for (const event of entry.messaging) {
        const read = isRecord(event) ? messagingEvent(platform, pageId, event) : undefined;
        if (read) events.push(read);
      }
    }
  }
  return events;
}

/** One Messenger / Instagram `messaging[]` event. */
function messagingEvent(
  platform: MetaChannel,
  pageId: string,
  event: Record<string, unknown>,
): ChannelEvent | undefined {
  const sender = isRecord(event.sender) ? idOf(event.sender.id) : undefined;
  const recipient = isRecord(event.recipient) ? idOf(event.recipient.id) : undefined;
  const sentAt = isoOfMillis(event.timestamp) ?? new Date().toISOString();
  const { message, delivery, read } = event;
  if (isRecord(message)) {
    const mid = text(message.mid);
    if (mid === undefined || message.is_deleted === true) return undefined;
    const attachments = messagingAttachments(message.attachments);
    const content = contentOf(text(message.text), attachments);
    if (message.is_echo === true) {
      if (recipient === undefined) return undefined;
      const appId = idOf(message.app_id);
      return { kind: 'echo', platform, pageId, recipientId: recipient, mid, content, appId, sentAt };
    }
    if (sender === undefined) return undefined;
    return { kind: 'message', platform, pageId, userId: sender, mid, content, attachments, sentAt };
  }
  if (sender === undefined) return undefined;
  if (isRecord(delivery)) {
    const mids = Array.isArray(delivery.mids) ? delivery.mids.map(text).filter(isDefined) : [];
    const upTo = isoOfMillis(delivery.watermark);
    if (mids.length === 0 && upTo === undefined) return undefined;
    return { kind: 'delivered', platform, pageId, userId: sender, mids, upTo };
  }
  if (isRecord(read)) {
    const upTo = isoOfMillis(read.watermark);
    const mid = text(read.mid);
    if (upTo === undefined && mid === undefined) return undefined;
    return { kind: 'read', platform, pageId, userId: sender, upTo, mid };
  }
  return undefined;
}

/** Messenger / Instagram attachments with a link (images, video, audio, files, shares, reels …). */
function messagingAttachments(value: unknown): MessageAttachment[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((attachment): MessageAttachment[] => {
    if (!isRecord(attachment) || !isRecord(attachment.payload)) return [];
    const type = text(attachment.type) ?? 'file';
    const { payload } = attachment;
    const url = linkOf(payload.url);
    if (url !== undefined) return [{ type, url }];
    if (isRecord(payload.coordinates)) {
      const location = mapLink(payload.coordinates.lat, payload.coordinates.long);
      return location === undefined ? [] : [{ type: 'location', url: location }];
    }
    return [];
  });
}

/** One WhatsApp entry: its `messages` changes (customer messages and statuses of ours). */
function whatsappEntry(entry: Record<string, unknown>, mediaLink: MediaLink): ChannelEvent[] {
  if (!Array.isArray(entry.changes)) return [];
  const events: ChannelEvent[] = [];
  for (const change of entry.changes) {
    if (!isRecord(change) || change.field !== 'messages' || !isRecord(change.value)) continue;
    const { value } = change;
    const pageId = isRecord(value.metadata) ? idOf(value.metadata.phone_number_id) : undefined;
    if (pageId === undefined) continue;
    const names = new Map<string, string>();
    if (Array.isArray(value.contacts)) {
      for (const contact of value.contacts) {
        if (!isRecord(contact)) continue;
        const waId = idOf(contact.wa_id);
        const name = isRecord(contact.profile) ? text(contact.profile.name) : undefined;
        if (waId !== undefined && name !== undefined) names.set(waId, clip(name, FIELD_LIMITS.username));
      }
    }
    if (Array.isArray(value.messages)) {
      for (const message of value.messages) {
        const read = isRecord(message) ? whatsappMessage(pageId, message, names, mediaLink) : undefined;
        if (read) events.push(read);
      }
    }
    if (Array.isArray(value.statuses)) {
      for (const status of value.statuses) {
        const read = isRecord(status) ? whatsappStatus(pageId, status) : undefined;
        if (read) events.push(read);
      }
    }
  }
  return events;
}

function whatsappMessage(
  pageId: string,
  message: Record<string, unknown>,
  names: Map<string, string>,
  mediaLink: MediaLink,
): CustomerMessage | undefined {
  const userId = idOf(message.from);
  const mid = text(message.id);
  const type = text(message.type);
  // Reactions change an earlier message; `system` notes a number change: neither is something the customer wrote.
  if (userId === undefined || mid === undefined || type === 'reaction' || type === 'system') return undefined;
  const body = type === undefined ? undefined : message[type];
  const attachments: MessageAttachment[] = [];
  let said: string | undefined;
  if (type === 'text' && isRecord(body)) said = text(body.body);
  else if (type !== undefined && WHATSAPP_MEDIA[type] && isRecord(body)) {
    const mediaId = idOf(body.id);
    if (mediaId !== undefined) attachments.push({ type: WHATSAPP_MEDIA[type], url: mediaLink(mediaId) });
    said = text(body.caption);
  } else if (type === 'location' && isRecord(body)) {
    const url = mapLink(body.latitude, body.longitude);
    if (url !== undefined) attachments.push({ type: 'location', url });
    said = [text(body.name), text(body.address)].filter(isDefined).join(', ') || undefined;
  } else if (type === 'button' && isRecord(body)) said = text(body.text);
  else if (type === 'interactive' && isRecord(body)) {
    const reply = isRecord(body.button_reply) ? body.button_reply : body.list_reply;
    said = isRecord(reply) ? text(reply.title) : undefined;
  }
  const content =
    said !== undefined || attachments.length > 0
      ? contentOf(said, attachments)
      : `[${type === undefined || type === 'unsupported' || type === 'unknown' ? 'unsupported message' : type}]`;
  return {
    kind: 'message',
    platform: 'whatsapp',
    pageId,
    userId,
    mid,
    content,
    attachments,
    sentAt: isoOfMillis(Number(message.timestamp) * 1000) ?? new Date().toISOString(),
    profileName: names.get(userId),
  };
}

function whatsappStatus(pageId: string, status: Record<string, unknown>): SendStatus | undefined {
  const mid = text(status.id);
  const state = text(status.status);
  const recipientId = idOf(status.recipient_id);
  if (mid === undefined || state === undefined || !WHATSAPP_STATUSES.has(state) || recipientId === undefined)
    return undefined;
  const reason = state === 'failed' ? failureReason(status.errors) : undefined;
  return {
    kind: 'status',
    platform: 'whatsapp',
    pageId,
    mid,
    status: state as SendStatus['status'],
    recipientId,
    reason,
  };
}

/** errors[0] of a failed status in Meta's plainest words: its details, else its message, else its title. */
function failureReason(errors: unknown): string {
  const error = Array.isArray(errors) && isRecord(errors[0]) ? errors[0] : {};
  const details = isRecord(error.error_data) ? text(error.error_data.details) : undefined;
  return clip(
    details ?? text(error.message) ?? text(error.title) ?? 'WhatsApp could not deliver the message',
    500,
  );
}

function mapLink(lat: unknown, long: unknown): string | undefined {
  if (typeof lat !== 'number' || typeof long !== 'number' || !Number.isFinite(lat) || !Number.isFinite(long))
    return undefined;
  return `https://www.google.com/maps?q=${lat},${long}`;
}

/** Epoch milliseconds as ISO; undefined when absent or not a time (a watermark then marks nothing). */
function isoOfMillis(value: unknown): string | undefined {
  const date = new Date(typeof value === 'number' && value > 0 ? value : Number.NaN);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
