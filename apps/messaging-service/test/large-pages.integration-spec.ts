import { randomUUID } from 'node:crypto';
import {
  FIELD_LIMITS,
  type KnowledgeItemResponse,
  LIST_QUERY_LIMIT,
  type MessageResponse,
  MESSAGING_SUBJECTS,
} from '@parley/contracts';
import { REPLY_HEADROOM } from '@parley/server-kit';
import { MessagingTestKit } from './messaging-test-kit';

/**
 * Lists whose pages of LIST_QUERY_LIMIT.max rows are several times larger than NATS carries in one
 * message (1 MiB by default): a page ends before the transport's byte budget with the cursor of its last
 * item, and walking the pages gives every row once, in order. Before, such a page made nats.js throw
 * MAX_PAYLOAD_EXCEEDED in messaging-service, uncaught, and the service exited.
 */
describe('pages larger than NATS carries (real PostgreSQL, NATS and Redis)', () => {
  const kit = MessagingTestKit.start('large-pages-test');
  const { allPages, ingest, quietOwner } = kit;
  const budget = () => (kit.nc.info?.max_payload ?? 0) - REPLY_HEADROOM;

  /** Every page fits the budget, and together they are several pages' worth of bytes. */
  function expectBounded<T>(pages: T[][], total: number): void {
    const sizes = pages.map((page) => Buffer.byteLength(JSON.stringify(page)));
    for (const size of sizes) expect(size).toBeLessThanOrEqual(budget());
    expect(pages.length).toBeGreaterThanOrEqual(3);
    expect(pages.flat()).toHaveLength(total);
    // Each page but the last ends only because the next item would not fit.
    expect(Math.min(...sizes.slice(0, -1))).toBeGreaterThan(budget() * 0.9);
  }

  describe('an owner with 500 messages of 4 096 characters in one thread', () => {
    let owner: string;
    let customerId: string;
    /** The messages' ids, newest first, as the database orders them. */
    let newestFirst: string[];

    beforeAll(async () => {
      owner = await quietOwner();
      ({ customerId } = await ingest(owner, { content: 'First flat-rate question' }));
      // Two-byte characters; two messages share each millisecond, so cursors must keep the id as well.
      await kit.db.query(
        `insert into messaging_service.messages (id, owner_id, customer_id, platform, content, direction, timestamp)
         select gen_random_uuid(), $1, $2, 'instagram',
                rpad('Message ' || i || ' about the flat rate ', $3, 'ñ'), 'incoming',
                now() - interval '1 hour' + (i / 2) * interval '1 millisecond'
           from generate_series(1, 499) i`,
        [owner, customerId, FIELD_LIMITS.messageContent],
      );
      const { rows } = await kit.db.query<{ id: string }>(
        'select id from messaging_service.messages where owner_id = $1 order by timestamp desc, id desc',
        [owner],
      );
      newestFirst = rows.map((row) => row.id);
      expect(newestFirst).toHaveLength(500);
    });

    it.each([
      ['a search', { q: 'fl' }],
      ['the thread', { customerId: '' }],
      ['every message', {}],
    ])('pages %s under the byte budget; walking the cursors gives each message once', async (_, filter) => {
      const query = { ...filter, limit: String(LIST_QUERY_LIMIT.max) };
      if ('customerId' in query) query.customerId = customerId;
      const pages = await allPages<MessageResponse>(
        MESSAGING_SUBJECTS.listMessages,
        owner,
        query,
        (m) => m.timestamp,
      );
      expectBounded(pages, 500);
      expect(pages.flat().map((m) => m.id)).toEqual(newestFirst);
    });
  });

  it('pages the knowledge base under the byte budget, every item once', async () => {
    const owner = randomUUID();
    await kit.db.query(
      `insert into messaging_service.knowledge_items (id, owner_id, category, title, content, created_at)
       select gen_random_uuid(), $1, 'faqs', 'Item ' || i, rpad('Passage ' || i || ' ', $2, '€'),
              now() - (i / 3) * interval '1 millisecond'
         from generate_series(1, 200) i`,
      [owner, FIELD_LIMITS.knowledgeContent / 2],
    );
    const { rows } = await kit.db.query<{ id: string }>(
      'select id from messaging_service.knowledge_items where owner_id = $1 order by created_at desc, id desc',
      [owner],
    );
    const pages = await allPages<KnowledgeItemResponse>(
      MESSAGING_SUBJECTS.listKnowledge,
      owner,
      {},
      (item) => item.createdAt,
    );
    expectBounded(pages, 200);
    expect(pages.flat().map((item) => item.id)).toEqual(rows.map((row) => row.id));
  }, 60_000);
});
