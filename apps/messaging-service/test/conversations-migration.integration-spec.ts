import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { type ConversationResponse, type CustomerResponse, MESSAGING_SUBJECTS } from '@parley/contracts';
import { JsonLogger, migrate, ormOptions } from '@parley/server-kit';
import { Client } from 'pg';
import { migrations } from '../src/migrations';
import { MessagingTestKit } from './messaging-test-kit';

const OWNER = randomUUID();
const ANA = randomUUID();
const BEA = randomUUID();
const CAL = randomUUID();
const ANA_ASKS = randomUUID();
const ANA_QUEUED = randomUUID();
const CAL_ASKED = randomUUID();
const CAL_READ = randomUUID();

/**
 * Migration20261210100000 moves the conversation's state off the customers' rows into `conversations`, and
 * Migration20261210200000 lets message status moves stay heap-only. Here a database is filled as the service
 * left it before them, then the service starts (and migrates it): every conversation, customer and message
 * answers as it did.
 */
describe('messaging-service: conversations moved off the customer rows (a database filled before)', () => {
  const kit = MessagingTestKit.start('messaging-conversations-migration-test', undefined, async (config) => {
    const before = migrations.slice(
      0,
      migrations.findIndex((m) => m.name === 'Migration20261210100000'),
    );
    const orm = await MikroORM.init<PostgreSqlDriver>(
      ormOptions('messaging-service', config, { entities: [], migrations: before }),
    );
    try {
      await migrate(orm, 'messaging-service', new JsonLogger('test', 'error'));
    } finally {
      await orm.close();
    }
    const db = new Client({ connectionString: config.DATABASE_URL });
    await db.connect();
    try {
      await fill(db);
    } finally {
      await db.end();
    }
  });

  /**
   * Ana wrote through a page: two unread, waiting for a person, the AI paused, an away message sent, one message
   * pending and a reply queued. Bea was added by hand and her conversation closed. Cal's conversation is read.
   */
  async function fill(db: Client): Promise<void> {
    await db.query(
      `insert into messaging_service.customers
         (id, owner_id, name, platform, platform_username, email, source, page_id, created_at,
          last_contact, last_inbound_at, ai_paused_until, away_message_at, last_message_at, unread_count, closed_at,
          needs_human, last_message_id, last_message_preview, last_message_direction, last_message_ai_generated)
       values
         ($1, $4, 'Ana', 'facebook', '24871093', null, 'social_media', '1784523', '2026-11-01T09:00:00Z',
          '2026-12-01T10:00:00.123456Z', '2026-12-01T09:59:00Z', '2999-01-01T00:00:00Z', '2026-11-30T08:00:00Z',
          '2026-12-01T10:00:00.123456Z', 2, null, true, $5, 'It is, in three sizes.', 'outgoing', true),
         ($2, $4, 'Bea', 'manual', null, 'bea@example.com', 'manual', null, '2026-11-20T12:00:00Z',
          null, null, null, null, '2026-11-20T12:00:00Z', 0, '2026-11-21T12:00:00Z', false, null, null, null, null),
         ($3, $4, 'Cal', 'instagram', 'cal.g', null, 'social_media', null, '2026-11-10T09:00:00Z',
          '2026-11-25T10:00:00Z', '2026-11-25T09:00:00Z', null, null,
          '2026-11-25T10:00:00Z', 0, null, false, $6, 'Thanks!', 'outgoing', true)`,
      [ANA, BEA, CAL, OWNER, ANA_QUEUED, CAL_READ],
    );
    await db.query(
      `insert into messaging_service.messages
         (id, owner_id, customer_id, platform, content, direction, status, ai_generated, platform_message_id, timestamp)
       values
         ($1, $5, $6, 'facebook', 'Is the linen shirt back?', 'incoming', 'pending', false, 'm_ana_1', '2026-12-01T09:59:00Z'),
         ($2, $5, $6, 'facebook', 'It is, in three sizes.', 'outgoing', 'queued', true, null, '2026-12-01T10:00:00.123456Z'),
         ($3, $5, $7, 'instagram', 'Do you ship?', 'incoming', 'responded', false, 'local-cal-1', '2026-11-25T09:00:00Z'),
         ($4, $5, $7, 'instagram', 'Thanks!', 'outgoing', 'read', true, null, '2026-11-25T10:00:00Z')`,
      [ANA_ASKS, ANA_QUEUED, CAL_ASKED, CAL_READ, OWNER, ANA, CAL],
    );
  }

  const conversations = async (query: Record<string, string> = {}) =>
    (await kit.page<ConversationResponse>(MESSAGING_SUBJECTS.listConversations, OWNER, query)).items;

  it('answers every conversation as before, newest activity first, with its state and newest message', async () => {
    expect(await conversations()).toEqual([
      {
        customerId: ANA,
        customerName: 'Ana',
        platform: 'facebook',
        platformUsername: '24871093',
        stage: 'new',
        lastMessage: {
          id: ANA_QUEUED,
          content: 'It is, in three sizes.',
          direction: 'outgoing',
          aiGenerated: true,
        },
        lastActivityAt: '2026-12-01T10:00:00.123Z',
        unreadCount: 2,
        closed: false,
        needsHuman: true,
        aiPaused: true,
        aiPausedUntil: '2999-01-01T00:00:00.000Z',
        reachable: true,
        isTest: false,
        assigneeId: null,
      },
      {
        customerId: CAL,
        customerName: 'Cal',
        platform: 'instagram',
        platformUsername: 'cal.g',
        stage: 'new',
        lastMessage: { id: CAL_READ, content: 'Thanks!', direction: 'outgoing', aiGenerated: true },
        lastActivityAt: '2026-11-25T10:00:00.000Z',
        unreadCount: 0,
        closed: false,
        needsHuman: false,
        aiPaused: false,
        aiPausedUntil: null,
        reachable: false,
        isTest: false,
        assigneeId: null,
      },
      {
        customerId: BEA,
        customerName: 'Bea',
        platform: 'manual',
        platformUsername: '',
        stage: 'new',
        lastMessage: null,
        lastActivityAt: '2026-11-20T12:00:00.000Z',
        unreadCount: 0,
        closed: true,
        needsHuman: false,
        aiPaused: false,
        aiPausedUntil: null,
        reachable: false,
        isTest: false,
        assigneeId: null,
      },
    ]);
    const ids = async (query: Record<string, string>) =>
      (await conversations(query)).map((c) => c.customerId);
    expect(await ids({ unread: 'true' })).toEqual([ANA]);
    expect(await ids({ needsHuman: 'true' })).toEqual([ANA]);
    expect(await ids({ state: 'closed' })).toEqual([BEA]);
    expect(await ids({ aiPaused: 'false', state: 'open' })).toEqual([CAL]);
  });

  it("answers each customer's contact, window and pause from their conversation", async () => {
    const ana = await kit.send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, OWNER, { id: ANA });
    expect(ana).toMatchObject({
      name: 'Ana',
      lastContact: '2026-12-01T10:00:00.123Z',
      lastInboundAt: '2026-12-01T09:59:00.000Z',
      aiPausedUntil: '2999-01-01T00:00:00.000Z',
      lastMessage: 'It is, in three sizes.',
      reachable: true,
    });
    const bea = await kit.send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, OWNER, { id: BEA });
    expect(bea).toMatchObject({
      lastContact: null,
      lastInboundAt: null,
      aiPausedUntil: null,
      lastMessage: null,
    });
  });

  it('keeps on the customers only who they are, and marks what each message waits for', async () => {
    const { rows: columns } = await kit.db.query<{ column_name: string }>(
      `select column_name from information_schema.columns
        where table_schema = 'messaging_service' and table_name = 'customers' order by ordinal_position`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      'id',
      'owner_id',
      'name',
      'email',
      'phone',
      'platform',
      'platform_username',
      'stage',
      'status',
      'source',
      'tags',
      'interest',
      'notes',
      'created_at',
      'page_id',
      'is_test',
      'stage_changed_at',
    ]);
    const { rows: waits } = await kit.db.query<{ id: string; awaiting: string | null }>(
      'select id, awaiting from messaging_service.messages where owner_id = $1',
      [OWNER],
    );
    expect(Object.fromEntries(waits.map((m) => [m.id, m.awaiting]))).toEqual({
      [ANA_ASKS]: 'reply',
      [ANA_QUEUED]: 'delivery',
      [CAL_ASKED]: null,
      [CAL_READ]: null,
    });
  });

  it("goes on from there: Ana's next message is a third unread, and Bea's conversation reopens", async () => {
    await kit.ingest(OWNER, {
      platform: 'facebook',
      platformUsername: '24871093',
      senderName: 'Ana',
      content: 'And in blue?',
      platformMessageId: 'm_ana_2',
      channel: { pageId: '1784523' },
    });
    const [ana] = await conversations();
    expect(ana).toMatchObject({ customerId: ANA, unreadCount: 3, lastMessage: { content: 'And in blue?' } });
    await kit.send(MESSAGING_SUBJECTS.updateConversation, OWNER, {
      customerId: BEA,
      changes: { closed: false },
    });
    expect((await conversations({ state: 'closed' })).map((c) => c.customerId)).toEqual([]);
  });
});
