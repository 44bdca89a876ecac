import { createHmac } from 'node:crypto';

/** An X user as an Account Activity body's `users` map names them. */
export interface FakeXUser {
  id: string;
  name: string;
  screen_name: string;
}

/** The x-twitter-webhooks-signature X puts on a webhook: `sha256=` and the base64 HMAC-SHA256 of the raw body. */
export function signXBody(consumerSecret: string, body: string): string {
  return `sha256=${createHmac('sha256', consumerSecret).update(body, 'utf8').digest('base64')}`;
}

export interface DirectMessage {
  /** The account the webhook is for (the connected one). */
  forUserId: string;
  from: FakeXUser;
  to: FakeXUser;
  text: string;
  /** The event id (X's dm_event_id). */
  id: string;
  /** Epoch ms; now by default. */
  at?: number;
  /** The app that sent it, when an app did. */
  sourceAppId?: string;
  /** A photo attached: its URL. */
  photoUrl?: string;
}

/** One `message_create` direct message event as X's Account Activity API posts it. */
export function xDirectMessage(dm: DirectMessage): Record<string, unknown> {
  const media = dm.photoUrl && {
    attachment: {
      type: 'media',
      media: {
        id_str: `${dm.id}1`,
        type: 'photo',
        url: 'https://t.co/fakemedia',
        media_url_https: dm.photoUrl,
      },
    },
  };
  return {
    for_user_id: dm.forUserId,
    direct_message_events: [
      {
        type: 'message_create',
        id: dm.id,
        created_timestamp: String(dm.at ?? Date.now()),
        message_create: {
          target: { recipient_id: dm.to.id },
          sender_id: dm.from.id,
          ...(dm.sourceAppId === undefined ? {} : { source_app_id: dm.sourceAppId }),
          message_data: {
            text: media ? `${dm.text} https://t.co/fakemedia` : dm.text,
            entities: { hashtags: [], symbols: [], user_mentions: [], urls: [] },
            ...media,
          },
        },
      },
    ],
    users: { [dm.from.id]: dm.from, [dm.to.id]: dm.to },
  };
}
