import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import {
  type ConversationResponse,
  type CustomerResponse,
  ErrorCode,
  type IngestMessageResult,
  type MessageResponse,
  MESSAGING_SUBJECTS,
  type StatsResponse,
  workspaceActor,
} from '@parley/contracts';
import { RepliesQueries } from '../src/replies/replies.queries';
import { type ReplyJob, ReplyQueue } from '../src/replies/reply-queue';
import { opensLead, POTENTIAL_RANK, stageMoves } from '../src/replies/reply-rules';
import { MessagingTestKit } from './messaging-test-kit';

/** messaging-service alone on its own database, NATS prefix and Redis prefix, spoken to over NATS. */
describe('messaging-service (real PostgreSQL, NATS and Redis)', () => {
  const kit = MessagingTestKit.start('messaging-test');
  const { send, page, allPages, ingest, quietOwner } = kit;

  describe('ingest', () => {
    it('stores a message and its customer, and schedules the reply after the default 30 s', async () => {
      const owner = randomUUID();
      const sent = await ingest(owner, { content: 'Do you ship to Madrid?' });
      expect(sent).toMatchObject({
        stored: true,
        messageId: expect.any(String),
        customerId: expect.any(String),
      });
      const { rows } = await kit.db.query(
        `select m.content, m.direction, m.status, m.customer_name, c.platform_username, c.source
           from messaging_service.messages m join messaging_service.customers c on c.id = m.customer_id
          where m.id = $1 and m.owner_id = $2`,
        [sent.messageId, owner],
      );
      expect(rows).toEqual([
        {
          content: 'Do you ship to Madrid?',
          direction: 'incoming',
          status: 'pending',
          customer_name: 'María García',
          platform_username: 'maria.g',
          source: 'social_media',
        },
      ]);
      const job = await kit.messaging.app.get(ReplyQueue).queue.getJob(sent.messageId);
      expect(job?.data).toEqual({ messageId: sent.messageId, ownerId: owner });
      expect(job?.opts.delay).toBe(30_000);
      await job?.remove();
    });

    it('stores a redelivered platform message once, and schedules nothing when auto respond is off', async () => {
      const owner = await quietOwner();
      const first = await ingest(owner, { platformMessageId: 'wamid.1' });
      const again = await ingest(owner, { platformMessageId: 'wamid.1' });
      expect(again).toEqual({ messageId: first.messageId, customerId: first.customerId, stored: false });
      expect(await kit.messaging.app.get(ReplyQueue).hasLiveJob(first.messageId)).toBe(false);
      const { rows } = await kit.db.query(
        'select count(*)::int as n from messaging_service.messages where owner_id = $1',
        [owner],
      );
      expect(rows[0].n).toBe(1);
    });

    it('survives a reply job that fails for good without its message (its data lost in Redis)', async () => {
      const warned: string[] = [];
      const warn = jest
        .spyOn(Logger.prototype, 'warn')
        .mockImplementation((message: unknown) => void warned.push(String(message)));
      try {
        const queue = kit.messaging.app.get(ReplyQueue).queue;
        // What Bull hands over when a job's data is gone: no message id, no owner.
        await queue.add({} as ReplyJob, { jobId: `lost-${randomUUID()}`, attempts: 1 });
        const deadline = Date.now() + 10_000;
        while (!warned.some((m) => m.includes('was not marked failed')) && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 50));
        expect(warned).toContainEqual(
          expect.stringMatching(/^reply job lost-.* failed 1 times .* was not marked failed/),
        );
      } finally {
        warn.mockRestore();
      }
      // Still answering.
      expect(await ingest(randomUUID(), { content: 'Still there?' })).toMatchObject({ stored: true });
    });

    it('refuses a message without a valid platform: nothing stored', async () => {
      const owner = randomUUID();
      await expect(ingest(owner, { platform: 'myspace' })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
      });
      // `manual` is a customer without a channel: nothing arrives from it, simulated or not.
      await expect(ingest(owner, { platform: 'manual' })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'Platform must be one of: facebook, instagram, twitter, whatsapp',
      });
      const { rows } = await kit.db.query('select id from messaging_service.messages where owner_id = $1', [
        owner,
      ]);
      expect(rows).toEqual([]);
    });
  });

  describe('lists', () => {
    let owner: string;
    let sent: IngestMessageResult[];

    beforeAll(async () => {
      owner = await quietOwner();
      sent = [];
      for (let i = 0; i < 7; i++) {
        sent.push(
          await ingest(owner, {
            content: `Message number ${i}`,
            platform: i % 3 === 1 ? 'whatsapp' : 'instagram',
            platformUsername: `customer-${i % 3}`,
            senderName: `Customer ${i % 3}`,
          }),
        );
      }
    });

    it('pages messages newest first; each cursor names the last item by time and id', async () => {
      const pages = await allPages<MessageResponse>(
        MESSAGING_SUBJECTS.listMessages,
        owner,
        { limit: '3' },
        (m) => m.timestamp,
      );
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      // c0 on instagram wrote messages 0, 3 and 6.
      expect(pages.flat().map((m) => m.id)).toEqual(sent.map((s) => s.messageId).reverse());
      expect(pages[0][0]).toEqual({
        id: sent[6].messageId,
        customerId: sent[6].customerId,
        customerName: 'Customer 0',
        platform: 'instagram',
        content: 'Message number 6',
        direction: 'incoming',
        status: 'pending',
        aiGenerated: false,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        responseTime: null,
        needsHuman: false,
        failureReason: null,
        attachments: [],
        isTest: true,
      });
    });

    it('filters messages by customer, platform and search, and pages them', async () => {
      const thread = await allPages<MessageResponse>(
        MESSAGING_SUBJECTS.listMessages,
        owner,
        { limit: '1', customerId: sent[0].customerId },
        (m) => m.timestamp,
      );
      expect(thread.flat().map((m) => m.content)).toEqual([
        'Message number 6',
        'Message number 3',
        'Message number 0',
      ]);
      const whatsapp = await page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, owner, {
        platform: 'whatsapp',
      });
      expect(whatsapp.items.map((m) => m.content)).toEqual(['Message number 4', 'Message number 1']);
      expect(whatsapp.cursor).toBeUndefined();
      // A term naming a platform matches its messages too; a term with keys goes through the search index.
      const insta = await page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, owner, { q: 'INSTA' });
      expect(insta.items.map((m) => m.content)).toEqual([6, 5, 3, 2, 0].map((i) => `Message number ${i}`));
      const keyed = await allPages<MessageResponse>(
        MESSAGING_SUBJECTS.listMessages,
        owner,
        { q: 'number 4', limit: '1' },
        (m) => m.timestamp,
      );
      expect(keyed.flat().map((m) => m.content)).toEqual(['Message number 4']);
    });

    it('pages customers newest first, and searches them', async () => {
      const added = await send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, {
        name: 'Lucía Fernández',
        platform: 'facebook',
        platformUsername: 'lucia.f',
      });
      const first = await page<CustomerResponse>(MESSAGING_SUBJECTS.listCustomers, owner, { limit: '2' });
      const second = await page<CustomerResponse>(MESSAGING_SUBJECTS.listCustomers, owner, {
        limit: '2',
        cursor: first.cursor as string,
      });
      expect(second.cursor).toBeUndefined();
      const ids = [...first.items, ...second.items].map((c) => c.id);
      const { rows } = await kit.db.query(
        `select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at
           from messaging_service.customers where owner_id = $1 order by created_at desc, id desc`,
        [owner],
      );
      expect(ids).toEqual(rows.map((r: { id: string }) => r.id));
      expect(ids[0]).toBe(added.id);
      const [at, id] = JSON.parse(
        Buffer.from(first.cursor as string, 'base64url').toString('utf8'),
      ) as string[];
      expect({ at, id }).toEqual(rows[1]);

      const found = await page<CustomerResponse>(MESSAGING_SUBJECTS.listCustomers, owner, { q: 'LUCIA.F' });
      expect(found.items.map((c) => c.id)).toEqual([added.id]);
    });

    it('refuses a cursor it did not write', async () => {
      await expect(
        kit.client.sendRaw(
          MESSAGING_SUBJECTS.listMessages,
          { cursor: 'not-a-cursor' },
          { actor: workspaceActor(owner) },
        ),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed, details: { field: 'cursor' } });
    });
  });

  describe('customers', () => {
    it('creates a customer by hand, refuses the same username twice, and moves its stage', async () => {
      const owner = randomUUID();
      const created = await send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, {
        name: 'María García',
        platform: 'instagram',
        platformUsername: 'maria.g',
        email: 'maria@example.com',
      });
      expect(created).toEqual({
        id: expect.any(String),
        name: 'María García',
        email: 'maria@example.com',
        phone: null,
        platform: 'instagram',
        platformUsername: 'maria.g',
        stage: 'new',
        status: 'active',
        source: 'manual',
        tags: [],
        interest: null,
        notes: null,
        lastContact: null,
        lastInboundAt: null,
        reachable: false,
        aiPausedUntil: null,
        isTest: false,
        stageChangedAt: expect.any(String),
        lastMessage: null,
        leadValue: null,
      });
      await expect(
        send(MESSAGING_SUBJECTS.createCustomer, owner, {
          name: 'Someone else',
          platform: 'instagram',
          platformUsername: 'maria.g',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.Conflict });
      const moved = await send<CustomerResponse>(MESSAGING_SUBJECTS.updateCustomer, owner, {
        id: created.id.toUpperCase(),
        changes: { stage: 'converted' },
      });
      expect(moved).toEqual({ ...created, stage: 'converted', stageChangedAt: expect.any(String) });
      expect(Date.parse(moved.stageChangedAt)).toBeGreaterThanOrEqual(Date.parse(created.stageChangedAt));
      const back = await send<CustomerResponse>(MESSAGING_SUBJECTS.updateCustomer, owner, {
        id: created.id,
        changes: { stage: 'new' },
      });
      expect(back.stage).toBe('new');
    });

    it('adds customers without a channel (manual): any number without a username, found by name, replies kept in Parley', async () => {
      const owner = await quietOwner();
      const byEmail = await send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, {
        name: 'Lucía Walk-in',
        email: 'lucia@example.com',
      });
      const byPhone = await send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, {
        name: 'Pedro Phoned',
        phone: '+34 600 111 222',
      });
      expect([byEmail, byPhone]).toMatchObject([
        {
          platform: 'manual',
          platformUsername: '',
          email: 'lucia@example.com',
          phone: null,
          reachable: false,
        },
        { platform: 'manual', platformUsername: '', email: null, phone: '+34 600 111 222', source: 'manual' },
      ]);
      // A username still tells manual customers apart.
      await send(MESSAGING_SUBJECTS.createCustomer, owner, {
        name: 'Ana',
        platform: 'manual',
        platformUsername: 'ana',
      });
      await expect(
        send(MESSAGING_SUBJECTS.createCustomer, owner, {
          name: 'Ana 2',
          platform: 'manual',
          platformUsername: 'ana',
        }),
      ).rejects.toMatchObject({ code: ErrorCode.Conflict });
      await expect(
        send(MESSAGING_SUBJECTS.createCustomer, owner, { name: 'Nobody', platform: 'manual' }),
      ).rejects.toMatchObject({ code: ErrorCode.ValidationFailed });

      const found = await page<CustomerResponse>(MESSAGING_SUBJECTS.listCustomers, owner, { q: 'pedro' });
      expect(found.items.map((c) => c.id)).toEqual([byPhone.id]);
      const manual = await page<CustomerResponse>(MESSAGING_SUBJECTS.listCustomers, owner, {
        platform: 'manual',
      });
      expect(manual.items.map((c) => c.name)).toEqual(['Ana', 'Pedro Phoned', 'Lucía Walk-in']);
      const conversations = await page<ConversationResponse>(MESSAGING_SUBJECTS.listConversations, owner, {
        platform: 'manual',
        q: 'lucía',
      });
      expect(conversations.items).toMatchObject([
        { customerId: byEmail.id, platform: 'manual', platformUsername: '' },
      ]);

      // A person's reply is stored, delivered nowhere (not queued for a channel), and the AI is not asked.
      const reply = await send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, owner, {
        customerId: byPhone.id,
        content: 'Your order is ready to collect.',
      });
      expect(reply).toMatchObject({
        platform: 'manual',
        direction: 'outgoing',
        status: 'sent',
        aiGenerated: false,
      });
      const { rows } = await kit.db.query(
        'select direction, status from messaging_service.messages where customer_id = $1',
        [byPhone.id],
      );
      expect(rows).toEqual([{ direction: 'outgoing', status: 'sent' }]);

      // The contact panel may change their details, but not clear the last way to reach them.
      await expect(
        send(MESSAGING_SUBJECTS.updateContact, owner, { id: byPhone.id, changes: { phone: null } }),
      ).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'Email, phone or platform username is required',
      });
      const moved = await send<CustomerResponse>(MESSAGING_SUBJECTS.updateContact, owner, {
        id: byPhone.id,
        changes: { email: 'pedro@example.com', phone: null },
      });
      expect(moved).toMatchObject({ email: 'pedro@example.com', phone: null });
    });
  });

  describe("another owner's ids", () => {
    it('are not found, and change nothing', async () => {
      const a = randomUUID();
      const b = randomUUID();
      const { customerId } = await ingest(a, { content: 'Hola' });
      await expect(
        send(MESSAGING_SUBJECTS.updateCustomer, b, { id: customerId, changes: { stage: 'converted' } }),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound });
      await expect(
        send(MESSAGING_SUBJECTS.replyToCustomer, b, { customerId, content: 'Hello from B' }),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound });
      await expect(
        send(MESSAGING_SUBJECTS.updateCustomer, b, { id: 'not-a-uuid', changes: { stage: 'new' } }),
      ).rejects.toMatchObject({ code: ErrorCode.NotFound });
      expect((await page(MESSAGING_SUBJECTS.listMessages, b, { customerId })).items).toEqual([]);
      expect((await page(MESSAGING_SUBJECTS.listCustomers, b, {})).items).toEqual([]);
      const { rows } = await kit.db.query(
        'select stage, (select count(*)::int from messaging_service.messages where customer_id = $1) as messages from messaging_service.customers where id = $1',
        [customerId],
      );
      expect(rows).toEqual([{ stage: 'new', messages: 1 }]);
    });
  });

  describe("the owner's manual reply", () => {
    it("is stored as simulated to a simulated customer, answers the customer's pending messages, and counts in the stats", async () => {
      const owner = await quietOwner();
      const { customerId } = await ingest(owner, { content: 'Do you ship to Seville?' });
      const reply = await send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, owner, {
        customerId,
        content: 'Yes, in two days.',
      });
      expect(reply).toMatchObject({
        customerId,
        customerName: 'María García',
        direction: 'outgoing',
        status: 'simulated',
        aiGenerated: false,
        content: 'Yes, in two days.',
      });
      const thread = await page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, owner, { customerId });
      expect(thread.items.map((m) => [m.direction, m.status])).toEqual([
        ['outgoing', 'simulated'],
        ['incoming', 'responded'],
      ]);
      expect(thread.items[1].responseTime).toEqual(expect.any(Number));
      const stats = await send<StatsResponse>(MESSAGING_SUBJECTS.getStats, owner, {});
      expect(stats).toEqual({
        totalMessages: 2,
        newLeads: 0,
        conversionRate: 0,
        avgResponseTime: 0,
        needsHumanCount: 0,
      });
    });
  });

  describe('storing AI replies (the rules of reply-rules.ts, applied by the statement)', () => {
    it('moves stages forward only, keeps the highest potential of a batch, and opens one lead at a lead stage or high potential', async () => {
      const owner = await quietOwner();
      const customers: Record<string, string> = {};
      const messages: Record<string, string> = {};
      for (const name of ['low', 'medium', 'high', 'batch', 'converted']) {
        const sent = await ingest(owner, {
          platformUsername: name,
          senderName: name,
          content: `from ${name}`,
        });
        customers[name] = sent.customerId;
        messages[name] = sent.messageId;
      }
      const second = await ingest(owner, {
        platformUsername: 'batch',
        senderName: 'batch',
        content: 'again',
      });
      await send(MESSAGING_SUBJECTS.updateCustomer, owner, {
        id: customers.converted,
        changes: { stage: 'converted' },
      });
      const reply = (messageId: string, potential: 'low' | 'medium' | 'high', interest: string | null) => ({
        messageId,
        replyId: randomUUID(),
        content: 'Thanks!',
        metadata: {},
        needsHuman: false,
        interest,
        potential: POTENTIAL_RANK[potential],
        opensLead: opensLead(potential),
        status: 'sent' as const,
        movesStage: true,
        evidence: { messageId, quote: '', intent: null, leadPotential: null },
      });
      const queries = kit.messaging.app.get(RepliesQueries);
      const stored = await queries.store(
        [
          reply(messages.low, 'low', null),
          reply(messages.medium, 'medium', 'pricing'),
          reply(messages.high, 'high', 'purchase intent'),
          reply(messages.batch, 'medium', 'pricing'),
          reply(second.messageId, 'high', null),
          reply(messages.converted, 'high', null),
        ],
        stageMoves(),
      );
      expect(stored).toHaveLength(6);
      const { rows } = await kit.db.query(
        `select c.name, c.stage, c.interest,
                (select count(*)::int from messaging_service.leads l where l.customer_id = c.id) as leads
           from messaging_service.customers c where c.owner_id = $1 order by c.name`,
        [owner],
      );
      expect(rows).toEqual([
        { name: 'batch', stage: 'qualified', interest: 'pricing', leads: 1 },
        { name: 'converted', stage: 'converted', interest: null, leads: 1 },
        { name: 'high', stage: 'qualified', interest: 'purchase intent', leads: 1 },
        { name: 'low', stage: 'new', interest: null, leads: 0 },
        { name: 'medium', stage: 'interested', interest: 'pricing', leads: 1 },
      ]);
      // The lead is told once per customer (the converted one got theirs when the owner moved them there);
      // a message already answered is not stored again.
      expect(
        stored
          .filter((s) => s.leadId !== null)
          .map((s) => s.messageId)
          .sort(),
      ).toEqual([messages.medium, messages.high, messages.batch, second.messageId].sort());
      expect(await queries.store([reply(messages.high, 'high', null)], stageMoves())).toEqual([]);
      const again = await queries.store([reply(randomUUID(), 'high', null)], stageMoves());
      expect(again).toEqual([]);
      const leads = await kit.db.query(
        'select count(*)::int as n from messaging_service.leads where owner_id = $1',
        [owner],
      );
      expect(leads.rows[0].n).toBe(4);
    });
  });
});
