import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { DeliveryState, ChannelPlatform } from '@parley/contracts';
import { sql } from '@parley/server-kit';

/** A stored webhook body, and the channel it came from (ChannelAdapter.source). */
export interface StoredEvent {
  id: string;
  source: string;
  body: string;
  processed: boolean;
}

/** A connected page (or Instagram account, or WhatsApp number) and who owns it. */
export interface ConnectedPage {
  platform: ChannelPlatform;
  pageId: string;
  ownerId: string;
  /** The page's token, sealed (SecretBox). */
  accessTokenEnc: string;
}

/** A customer who just wrote: their contact is created or brought up to date. */
export interface ContactSeen {
  ownerId: string;
  platform: ChannelPlatform;
  pageId: string;
  userId: string;
  /** The name the payload carried (WhatsApp), which replaces the stored one; null keeps it. */
  name: string | null;
  /** ISO: when they wrote. */
  at: string;
}

/** Which outgoing messages a delivery, read or status event is about. */
export interface DeliveryMatch {
  platform: ChannelPlatform;
  pageId: string;
  /** Messages named by their platform id. */
  mids: string[];
  /** And every message to this customer sent at or before `upTo` (ISO). */
  recipientId: string | null;
  upTo: string | null;
}

/** Which deliveries a report names, and the state it moves them to. */
export interface DeliveryLookup {
  match: DeliveryMatch;
  status: DeliveryState;
}

/** A contact's profile name, as read from the platform. */
export interface ContactName {
  platform: ChannelPlatform;
  pageId: string;
  userId: string;
  name: string;
}

/** One contact's key among ContactNames. */
export function contactKey(c: { platform: string; pageId: string; userId: string }): string {
  return `${c.platform} ${c.pageId} ${c.userId}`;
}

/** A contact as contactsSeen left it. */
export interface ContactState {
  /** Their name now; null when no name is known. */
  name: string | null;
  /** Their name before this message (null: none, or a new contact). */
  previousName: string | null;
  /**
   * Whether their profile is to be asked of the platform now: never asked, the last asking failed, or asked more
   * than the refresh age ago. Claimed by this call (the contact counts as asked from now on).
   */
  profileDue: boolean;
}

/** A delivery to move forward to `status` (with the provider's reason, for `failed`). */
export interface DeliveryMove {
  messageId: string;
  status: DeliveryState;
  reason: string | null;
}

/** An outgoing message whose state an event moves forward. */
export interface DeliveryToAdvance {
  messageId: string;
  ownerId: string;
  platformMessageId: string | null;
}

/** The states a delivery may be in before moving to each state: forward only, and failed only before delivery. */
export const ADVANCES_FROM: Record<DeliveryState, string[]> = {
  sent: ['queued'],
  delivered: ['queued', 'sent'],
  read: ['queued', 'sent', 'delivered'],
  failed: ['queued', 'sent'],
};

/** Kept this long after processing (for looking into a problem), then deleted. */
const KEEP_PROCESSED_DAYS = 7;

/** The SQL of inbound webhooks: stored events, pages, contacts, and the deliveries that events move forward. */
@Injectable()
export class WebhooksQueries {
  constructor(private readonly em: EntityManager) {}

  /** Many events in one statement (the receiver batches them under load). */
  async insertEvents(events: readonly { id: string; source: string; body: string }[]): Promise<void> {
    await sql(
      this.em,
      'insert into webhook_events (id, source, body) select * from unnest(?::uuid[], ?::text[], ?::text[])',
      [events.map((e) => e.id), events.map((e) => e.source), events.map((e) => e.body)],
    );
  }

  /** The events, in the order asked; undefined for one that does not exist. */
  async events(ids: readonly string[]): Promise<(StoredEvent | undefined)[]> {
    const rows = await sql<{ id: string; source: string; body: string; processed: boolean }>(
      this.em,
      'select id, source, body, processed_at is not null as processed from webhook_events where id = any(?::uuid[])',
      [ids],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id));
  }

  async markProcessed(ids: readonly string[]): Promise<void> {
    await sql(
      this.em,
      'update webhook_events set processed_at = now() where id = any(?::uuid[]) and processed_at is null',
      [ids],
    );
  }

  /** Events still unprocessed `graceSeconds` after they arrived, oldest first, at most 500. */
  async unprocessed(graceSeconds: number): Promise<string[]> {
    const rows = await sql<{ id: string }>(
      this.em,
      `select id from webhook_events
        where processed_at is null and received_at < now() - make_interval(secs => ?::float8)
        order by received_at limit 500`,
      [graceSeconds],
    );
    return rows.map((row) => row.id);
  }

  /** Deletes (at most 1000 of) the events processed more than a week ago; answers how many. */
  async purgeProcessed(): Promise<number> {
    const rows = await sql(
      this.em,
      `delete from webhook_events where id in (
         select id from webhook_events
          where processed_at is not null and received_at < now() - make_interval(days => ?::int)
          order by received_at limit 1000)
       returning id`,
      [KEEP_PROCESSED_DAYS],
    );
    return rows.length;
  }

  /** The active pages among `keys`, in their order; undefined for one nobody has connected. */
  async pages(
    keys: readonly { platform: ChannelPlatform; pageId: string }[],
  ): Promise<(ConnectedPage | undefined)[]> {
    const rows = await sql<{
      platform: ChannelPlatform;
      page_id: string;
      owner_id: string;
      access_token_enc: string;
    }>(
      this.em,
      `select p.platform, p.page_id, p.owner_id, p.access_token_enc
         from pages p join unnest(?::text[], ?::text[]) k(platform, page_id)
           on p.platform = k.platform and p.page_id = k.page_id
        where p.is_active`,
      [keys.map((k) => k.platform), keys.map((k) => k.pageId)],
    );
    const byKey = new Map(rows.map((row) => [`${row.platform} ${row.page_id}`, row]));
    return keys.map((key) => {
      const row = byKey.get(`${key.platform} ${key.pageId}`);
      return (
        row && {
          platform: row.platform,
          pageId: row.page_id,
          ownerId: row.owner_id,
          accessTokenEnc: row.access_token_enc,
        }
      );
    });
  }

  /**
   * Creates or updates each contact in one statement: the page's owner, the newest name (a null keeps
   * the stored one), the latest time they wrote. Answers each contact's state afterwards, in the order
   * given. A contact may appear more than once (several messages of one batch). `refreshAfterS`: how old
   * a profile reading may be before it is due again; a due one is claimed (profile_read_at = now).
   */
  async contactsSeen(seen: readonly ContactSeen[], refreshAfterS: number): Promise<ContactState[]> {
    const key = (c: { platform: string; pageId: string; userId: string }) =>
      `${c.platform} ${c.pageId} ${c.userId}`;
    // One row per contact: PostgreSQL cannot update a row twice in one statement.
    const merged = new Map<string, ContactSeen>();
    for (const contact of seen) {
      const earlier = merged.get(key(contact));
      merged.set(
        key(contact),
        earlier
          ? {
              ...contact,
              name: contact.name ?? earlier.name,
              at: earlier.at > contact.at ? earlier.at : contact.at,
            }
          : contact,
      );
    }
    const input = [...merged.values()].map((c) => ({
      owner_id: c.ownerId,
      platform: c.platform,
      page_id: c.pageId,
      user_id: c.userId,
      name: c.name,
      last_inbound_at: c.at,
    }));
    // The subqueries of `returning` read the rows as they were before this statement.
    const before = `from contacts o where o.platform = contacts.platform and o.page_id = contacts.page_id
                       and o.user_id = contacts.user_id`;
    const due = `(contacts.profile_read_at is null or contacts.profile_read_at < now() - make_interval(secs => ?))`;
    const rows = await sql<{
      platform: string;
      page_id: string;
      user_id: string;
      name: string | null;
      previous_name: string | null;
      profile_due: boolean;
    }>(
      this.em,
      `insert into contacts (owner_id, platform, page_id, user_id, name, last_inbound_at, profile_read_at)
       select owner_id, platform, page_id, user_id, name, last_inbound_at, now()
         from jsonb_to_recordset(?::jsonb)
           as i(owner_id uuid, platform text, page_id text, user_id text, name text, last_inbound_at timestamptz)
       on conflict (platform, page_id, user_id) do update
          set owner_id = excluded.owner_id,
              name = coalesce(excluded.name, contacts.name),
              last_inbound_at = greatest(contacts.last_inbound_at, excluded.last_inbound_at),
              profile_read_at = case when ${due} then now() else contacts.profile_read_at end,
              updated_at = now()
       returning platform, page_id, user_id, name,
                 (select o.name ${before}) as previous_name,
                 coalesce((select o.profile_read_at is null
                                  or o.profile_read_at < now() - make_interval(secs => ?) ${before}), true)
                   as profile_due`,
      [JSON.stringify(input), refreshAfterS, refreshAfterS],
    );
    const states = new Map(
      rows.map((row) => [
        key({ platform: row.platform, pageId: row.page_id, userId: row.user_id }),
        { name: row.name, previousName: row.previous_name, profileDue: row.profile_due },
      ]),
    );
    return seen.map(
      (contact) => states.get(key(contact)) ?? { name: null, previousName: null, profileDue: false },
    );
  }

  /**
   * Stores the names the platforms' profiles give now, in one statement; answers, at each name's position,
   * whether it differs from the stored one (a first name, or a changed one). A contact appears at most once in
   * `names` (see inRounds).
   */
  async nameContacts(names: readonly ContactName[]): Promise<boolean[]> {
    const input = names.map((n) => ({
      platform: n.platform,
      page_id: n.pageId,
      user_id: n.userId,
      name: n.name,
    }));
    const rows = await sql<{ platform: string; page_id: string; user_id: string }>(
      this.em,
      `update contacts c set name = i.name, updated_at = now()
         from jsonb_to_recordset(?::jsonb) as i(platform text, page_id text, user_id text, name text)
        where c.platform = i.platform and c.page_id = i.page_id and c.user_id = i.user_id
          and c.name is distinct from i.name
        returning c.platform, c.page_id, c.user_id`,
      [JSON.stringify(input)],
    );
    const named = new Set(
      rows.map((row) => contactKey({ platform: row.platform, pageId: row.page_id, userId: row.user_id })),
    );
    return names.map((n) => named.has(contactKey(n)));
  }

  /** The profile could not be read: the contact's next message asks again. */
  async profileUnread(c: Omit<ContactName, 'name'>): Promise<void> {
    await sql(
      this.em,
      'update contacts set profile_read_at = null where platform = ? and page_id = ? and user_id = ?',
      [c.platform, c.pageId, c.userId],
    );
  }

  /**
   * Whether the page's message `mid` to `recipientId` is one Parley sent: its id is known, or (when the
   * echo outran the send API's answer) a message with the same text went to them in the last 10 minutes.
   */
  async isOurSend(
    platform: ChannelPlatform,
    pageId: string,
    recipientId: string,
    mid: string,
    text: string,
  ): Promise<boolean> {
    // Two lookups, each on its own index (see toAdvance).
    const [row] = await sql<{ ours: boolean }>(
      this.em,
      `select exists (select 1 from deliveries where platform = ? and platform_message_id = ? and page_id = ?)
           or exists (select 1 from deliveries
                       where recipient_id = ? and platform = ? and page_id = ? and text = ?
                         and created_at > now() - interval '10 minutes') as ours`,
      [platform, mid, pageId, recipientId, platform, pageId, text],
    );
    return row.ours;
  }

  /** When Parley's message `mid` went out, as PostgreSQL writes it (an Instagram read names the last message seen). */
  async sentAt(platform: ChannelPlatform, pageId: string, mid: string): Promise<string | null> {
    const [row] = await sql<{ sent_at: string | null }>(
      this.em,
      'select sent_at::text from deliveries where platform = ? and page_id = ? and platform_message_id = ?',
      [platform, pageId, mid],
    );
    return row?.sent_at ?? null;
  }

  /**
   * For each of `lookups`, in their order, the deliveries on the page that its match names and that may move
   * forward to its status: one statement for all of them (the delivery and read reports of a moment are looked
   * up together). Per lookup, two lookups, each on its own index: by platform message id (the unique
   * (platform, platform_message_id)), and by recipient up to the watermark (deliveries_recipient_idx). Asked as
   * one condition with `or`, PostgreSQL read every delivery of the page for each report, ever slower as the
   * page's deliveries grew (Migration20261129200000).
   */
  async toAdvance(lookups: readonly DeliveryLookup[]): Promise<DeliveryToAdvance[][]> {
    const input = lookups.map(({ match, status }, n) => ({
      n,
      platform: match.platform,
      page_id: match.pageId,
      mids: match.mids,
      recipient_id: match.recipientId,
      up_to: match.upTo,
      advances_from: ADVANCES_FROM[status],
    }));
    const rows = await sql<{
      n: number;
      message_id: string;
      owner_id: string;
      platform_message_id: string | null;
    }>(
      this.em,
      `select i.n, d.message_id, d.owner_id, d.platform_message_id
         from jsonb_to_recordset(?::jsonb)
           as i(n int, platform text, page_id text, mids text[], recipient_id text, up_to timestamptz,
                advances_from text[])
         cross join lateral (
           select message_id, owner_id, platform_message_id
             from deliveries
            where platform = i.platform and platform_message_id = any(i.mids) and page_id = i.page_id
              and status = any(i.advances_from)
           union
           select message_id, owner_id, platform_message_id
             from deliveries
            where platform = i.platform and page_id = i.page_id and recipient_id = i.recipient_id
              and sent_at <= i.up_to and status = any(i.advances_from)
         ) d`,
      [JSON.stringify(input)],
    );
    const found = lookups.map((): DeliveryToAdvance[] => []);
    for (const row of rows)
      found[row.n].push({
        messageId: row.message_id,
        ownerId: row.owner_id,
        platformMessageId: row.platform_message_id,
      });
    return found;
  }

  /**
   * Moves each delivery to its `status` in one statement, each only if it is still in a state that may
   * precede it. A delivery appears at most once in `moves` (see inRounds).
   */
  async advance(moves: readonly DeliveryMove[]): Promise<void> {
    const input = moves.map((m) => ({
      message_id: m.messageId,
      status: m.status,
      reason: m.reason,
      advances_from: ADVANCES_FROM[m.status],
    }));
    await sql(
      this.em,
      `update deliveries d
          set status = i.status, failure_reason = coalesce(i.reason, d.failure_reason),
              sent_at = case when i.status = 'failed' then d.sent_at else coalesce(d.sent_at, now()) end,
              updated_at = now()
         from jsonb_to_recordset(?::jsonb) as i(message_id uuid, status text, reason text, advances_from text[])
        where d.message_id = i.message_id and d.status = any(i.advances_from)`,
      [JSON.stringify(input)],
    );
  }
}
