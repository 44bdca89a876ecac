import { FIELD_LIMITS, type MessageAttachment } from '@parley/contracts';
import type { ChannelEvent } from '../channel-adapter';
import { clip, contentOf, idOf, isRecord, linkOf, text } from '../payload-text';

/** X's media types as Parley names attachments (`[image]`, `[video]`). */
const MEDIA_TYPES: Record<string, string> = { photo: 'image', video: 'video', animated_gif: 'video' };

/**
 * An Account Activity body (`for_user_id`: the connected account; `direct_message_events`; `users`: the
 * people in it by id) in the one inbound shape. Each `message_create` is a customer's message to the
 * account, or, when the account itself sent it (from X's own app, or Parley's send), an echo. The
 * customer's name comes from `users`. Links X shortened (t.co) are given back in full; an attached photo,
 * video or GIF becomes a link, and its t.co link leaves the text. Other events (typing, read receipts,
 * follows, posts) are left out.
 */
export function normaliseXWebhook(body: unknown): ChannelEvent[] {
  if (!isRecord(body)) return [];
  const accountId = idOf(body.for_user_id);
  if (accountId === undefined || !Array.isArray(body.direct_message_events)) return [];
  const users = isRecord(body.users) ? body.users : {};
  return body.direct_message_events.flatMap((event): ChannelEvent[] => {
    const read = messageCreate(accountId, event, users);
    return read === undefined ? [] : [read];
  });
}

function messageCreate(
  accountId: string,
  event: unknown,
  users: Record<string, unknown>,
): ChannelEvent | undefined {
  if (!isRecord(event) || event.type !== 'message_create' || !isRecord(event.message_create))
    return undefined;
  const mid = idOf(event.id);
  const sentAt = isoOfMillisText(event.created_timestamp);
  const create = event.message_create;
  const senderId = idOf(create.sender_id);
  const recipientId = isRecord(create.target) ? idOf(create.target.recipient_id) : undefined;
  if (mid === undefined || sentAt === undefined || senderId === undefined || recipientId === undefined)
    return undefined;
  const data = isRecord(create.message_data) ? create.message_data : {};
  const media = attachmentOf(data.attachment);
  const content = contentOf(said(data, media?.shortLink), media === undefined ? [] : [media.attachment]);
  const attachments = media === undefined ? [] : [media.attachment];
  if (senderId === accountId) {
    const appId = idOf(create.source_app_id);
    return { kind: 'echo', platform: 'twitter', pageId: accountId, recipientId, mid, content, appId, sentAt };
  }
  if (recipientId !== accountId) return undefined;
  return {
    kind: 'message',
    platform: 'twitter',
    pageId: accountId,
    userId: senderId,
    mid,
    content,
    attachments,
    sentAt,
    profileName: nameOf(users[senderId]),
  };
}

/** The text with X's t.co links written out in full, without the attachment's own link; undefined when blank. */
function said(data: Record<string, unknown>, mediaLink: string | undefined): string | undefined {
  let said = text(data.text);
  if (said === undefined) return undefined;
  if (mediaLink !== undefined) said = said.replaceAll(mediaLink, '');
  const entities = isRecord(data.entities) ? data.entities : {};
  for (const link of Array.isArray(entities.urls) ? entities.urls : []) {
    if (!isRecord(link)) continue;
    const short = text(link.url);
    const full = linkOf(link.expanded_url);
    if (short !== undefined && full !== undefined) said = said.replaceAll(short, full);
  }
  return text(said);
}

/** `attachment: { type: 'media', media: { type, media_url_https, url } }` as a link, and its t.co link. */
function attachmentOf(value: unknown): { attachment: MessageAttachment; shortLink?: string } | undefined {
  if (!isRecord(value) || !isRecord(value.media)) return undefined;
  const media = value.media;
  const url = linkOf(videoUrl(media.video_info) ?? media.media_url_https);
  if (url === undefined) return undefined;
  const type = MEDIA_TYPES[text(media.type) ?? ''] ?? 'file';
  return { attachment: { type, url }, shortLink: text(media.url) };
}

/** A video's or GIF's best mp4 (the highest bitrate), when X lists its variants. */
function videoUrl(info: unknown): string | undefined {
  if (!isRecord(info) || !Array.isArray(info.variants)) return undefined;
  const mp4s = info.variants.filter(
    (v): v is Record<string, unknown> => isRecord(v) && v.content_type === 'video/mp4',
  );
  mp4s.sort((a, b) => Number(b.bitrate ?? 0) - Number(a.bitrate ?? 0));
  return text(mp4s[0]?.url);
}

/** The person's display name, else their @handle; undefined when `users` does not have them. */
function nameOf(user: unknown): string | undefined {
  if (!isRecord(user)) return undefined;
  const name = text(user.name) ?? (text(user.screen_name) && `@${text(user.screen_name)}`);
  return name === undefined ? undefined : clip(name, FIELD_LIMITS.username);
}

/** X's `created_timestamp`: epoch milliseconds written as text. */
function isoOfMillisText(value: unknown): string | undefined {
  const millis = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
  const date = new Date(millis > 0 ? millis : Number.NaN);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}
