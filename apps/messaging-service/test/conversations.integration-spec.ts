import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  type ConversationResponse,
  type CustomerResponse,
  ErrorCode,
  type LeadResponse,
  type MessageResponse,
  MESSAGING_SUBJECTS,
  type StatsResponse,
  type TestAgentResponse,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { JSONCodec } from 'nats';
import { RepliesQueries, type ReplyToStore } from '../src/replies/replies.queries';
import { POTENTIAL_RANK, stageMoves } from '../src/replies/reply-rules';
import { MessagingTestKit, until } from './messaging-test-kit';

const HOUR = 3_600_000;

/** The conversation inbox (docs/inbox.md) on messaging-service alone: real PostgreSQL, NATS and Redis. */
describe('conversations', () => {
  const kit = MessagingTestKit.start('messaging-conversations-test');
  const { send, page, allPages, ingest, quietOwner } = kit;

  const list = async (owner: string, query: Record<string, string> = {}) =>
    (await page<ConversationResponse>(MESSAGING_SUBJECTS.listConversations, owner, query)).items;
  const names = async (owner: string, query: Record<string, string> = {}) =>
    (await list(owner, query)).map((c) => c.customerName);
  const update = (owner: string, customerId: string, changes: Record<string, unknown>) =>
    send<ConversationResponse>(MESSAGING_SUBJECTS.updateConversation, owner, { customerId, changes });
  const conversation = async (owner: string, customerId: string) =>
    (await list(owner)).find((c) => c.customerId === customerId);
  const reply = (owner: string, customerId: string, content = 'Yes, in two days.') =>
    send<MessageResponse>(MESSAGING_SUBJECTS.replyToCustomer, owner, { customerId, content });
  const stats = (owner: string) => send<StatsResponse>(MESSAGING_SUBJECTS.getStats, owner, {});
  /** A message from `name`, whose username is their name in lower case with dots: `maría.garcía`. */
  const from = (name: string, content: string, platform = 'instagram') => ({
    senderName: name,
    platformUsername: name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '.'),
    content,
    platform,
  });

  /** A message from `name` through the connected page `page-1`: a real customer, not a simulated one. */
  const fromPage = (name: string, content: string, platform = 'instagram') => ({
    ...from(name, content, platform),
    platformMessageId: `m_${randomUUID()}`,
    channel: { pageId: 'page-1' },
  });

  /** AI replies stored as the reply processor stores them (reply-rules.ts decides the rest). */
  const storeAiReplies = (replies: (Partial<ReplyToStore> & { messageId: string })[]) =>
    kit.messaging.app.get(RepliesQueries).store(
      replies.map((r) => ({
        replyId: randomUUID(),
        content: 'Thanks for writing!',
        metadata: {},
        needsHuman: false,
        interest: null,
        potential: POTENTIAL_RANK.low,
        opensLead: false,
        status: 'sent' as const,
        movesStage: true,
        evidence: { messageId: r.messageId, quote: '', intent: null, leadPotential: null },
        ...r,
      })),
      stageMoves(),
    );

  describe('the list', () => {
    let owner: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      owner = await quietOwner();
      // Ana writes through the connected page (the echo below answers her there); Bob is simulated.
      ids.ana = (await ingest(owner, fromPage('Ana Ruiz', 'Do you ship to Lisbon?'))).customerId;
      ids.bob = (await ingest(owner, from('Bob Stone', 'Is the linen shirt back?', 'whatsapp'))).customerId;
      await ingest(owner, fromPage('Ana Ruiz', 'And to Porto?'));
      const added = await send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, {
        name: 'Carla Diaz',
        platform: 'facebook',
        platformUsername: 'carla.diaz',
      });
      ids.carla = added.id;
    });

    it('has one conversation per customer, newest activity first, with its newest message and unread count', async () => {
      const [carla, ana, bob] = await list(owner);
      expect([carla, ana, bob].map((c) => c.customerName)).toEqual(['Carla Diaz', 'Ana Ruiz', 'Bob Stone']);
      expect(ana).toEqual({
        customerId: ids.ana,
        customerName: 'Ana Ruiz',
        platform: 'instagram',
        platformUsername: 'ana.ruiz',
        stage: 'new',
        lastMessage: {
          id: expect.any(String),
          content: 'And to Porto?',
          direction: 'incoming',
          aiGenerated: false,
        },
        lastActivityAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        unreadCount: 2,
        closed: false,
        needsHuman: false,
        aiPaused: false,
        aiPausedUntil: null,
        reachable: true,
        isTest: false,
        assigneeId: null,
      });
      expect(bob).toMatchObject({ platform: 'whatsapp', unreadCount: 1, reachable: false, isTest: true });
      // Added by hand, never written: no message, its activity is when it was added.
      expect(carla).toMatchObject({ lastMessage: null, unreadCount: 0 });
    });

    it("moves a conversation to the top with the owner's reply, which also reads it", async () => {
      await reply(owner, ids.bob, 'Yes, since Monday.');
      const [first] = await list(owner);
      expect(first).toMatchObject({
        customerId: ids.bob,
        unreadCount: 0,
        lastMessage: {
          content: 'Yes, since Monday.',
          direction: 'outgoing',
          aiGenerated: false,
        },
      });
      const thread = await page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, owner, {
        customerId: ids.bob,
        limit: '1',
      });
      expect(first.lastMessage?.id).toBe(thread.items[0].id);
      expect(first.lastActivityAt).toBe(thread.items[0].timestamp);
    });

    it("moves it with the AI's reply, which leaves it unread", async () => {
      // Through the page: the simulator would make a test Carla of its own (docs/inbox.md, "Test data").
      const { messageId } = await ingest(owner, fromPage('Carla Diaz', 'Hello?', 'facebook'));
      await storeAiReplies([{ messageId, content: 'Hi Carla! How can we help?' }]);
      const [first] = await list(owner);
      expect(first).toMatchObject({
        customerId: ids.carla,
        unreadCount: 1,
        lastMessage: { content: 'Hi Carla! How can we help?', direction: 'outgoing', aiGenerated: true },
      });
    });

    it("moves it with a reply sent from the page's own inbox (an echo), which reads it", async () => {
      await send(MESSAGING_SUBJECTS.recordEcho, owner, {
        platform: 'instagram',
        pageId: 'page-1',
        recipientId: 'ana.ruiz',
        platformMessageId: `m_${randomUUID()}`,
        content: 'Answered from the page inbox',
      });
      expect((await list(owner))[0]).toMatchObject({
        customerId: ids.ana,
        unreadCount: 0,
        lastMessage: { content: 'Answered from the page inbox', direction: 'outgoing' },
      });
    });

    it('keeps its newest message when a channel delivers an older message again', async () => {
      const mid = `m_${randomUUID()}`;
      const first = await ingest(owner, {
        ...from('Bob Stone', 'Are you open on Sunday?', 'whatsapp'),
        platformMessageId: mid,
      });
      await reply(owner, ids.bob, 'From 10 to 2.');
      const again = await ingest(owner, {
        ...from('Bob Stone', 'Are you open on Sunday?', 'whatsapp'),
        platformMessageId: mid,
      });
      expect(again.stored).toBe(false);
      expect(first.stored).toBe(true);
      expect(await conversation(owner, ids.bob)).toMatchObject({
        unreadCount: 0,
        lastMessage: { content: 'From 10 to 2.', direction: 'outgoing', aiGenerated: false },
      });
    });

    it('carries the first 300 characters of a long message; the thread has it whole', async () => {
      const long = 'é'.repeat(250) + 'x'.repeat(3500);
      await ingest(owner, fromPage('Ana Ruiz', long));
      const [first] = await list(owner);
      expect(first.lastMessage?.content).toBe(long.slice(0, 300));
      const thread = await page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, owner, {
        customerId: ids.ana,
        limit: '1',
      });
      expect(thread.items[0].content).toBe(long);
    });
  });

  describe('paging', () => {
    it('pages newest activity first with no conversation twice and none left out, also after activity', async () => {
      const owner = await quietOwner();
      for (let i = 0; i < 7; i++) await ingest(owner, from(`Customer ${i}`, `Message ${i}`));
      const pages = await allPages<ConversationResponse>(
        MESSAGING_SUBJECTS.listConversations,
        owner,
        { limit: '3' },
        (c) => c.lastActivityAt,
        (c) => c.customerId,
      );
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat().map((c) => c.customerName)).toEqual(
        [6, 5, 4, 3, 2, 1, 0].map((i) => `Customer ${i}`),
      );
      const { rows } = await kit.db.query(
        `select customer_id as id from messaging_service.conversations where owner_id = $1
          order by last_message_at desc, customer_id desc`,
        [owner],
      );
      expect(pages.flat().map((c) => c.customerId)).toEqual(rows.map((r: { id: string }) => r.id));

      // A conversation that moves up between two pages is on the first; the next page goes on after the cursor.
      const first = await page<ConversationResponse>(MESSAGING_SUBJECTS.listConversations, owner, {
        limit: '3',
      });
      await ingest(owner, from('Customer 0', 'Still there?'));
      const second = await page<ConversationResponse>(MESSAGING_SUBJECTS.listConversations, owner, {
        limit: '3',
        cursor: first.cursor as string,
      });
      expect(second.items.map((c) => c.customerName)).toEqual(['Customer 3', 'Customer 2', 'Customer 1']);
    });
  });

  describe('filters and search', () => {
    let owner: string;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      owner = await quietOwner();
      ids.maria = (await ingest(owner, from('María García', 'Do you have the blue kettle?'))).customerId;
      ids.jose = (await ingest(owner, from('José López', 'Opening hours on Sunday?', 'whatsapp'))).customerId;
      ids.lucia = (
        await ingest(owner, from('Lucía Fernández', 'Where is my order 4711?', 'facebook'))
      ).customerId;
      const pending = await ingest(owner, from('Pedro Sanz', 'Can I speak to someone?', 'whatsapp'));
      ids.pedro = pending.customerId;
      await kit.messaging.app
        .get(RepliesQueries)
        .leaveForPerson({ messageId: pending.messageId, ownerId: owner });
      await update(owner, ids.jose, { closed: true });
      await update(owner, ids.lucia, { read: true, aiPaused: true });
      await send(MESSAGING_SUBJECTS.updateCustomer, owner, {
        id: ids.maria,
        changes: { stage: 'qualified' },
      });
      // Another owner's customer of the same names and words is never found.
      const other = await quietOwner();
      await ingest(other, from('María García', 'Do you have the blue kettle?'));
    });

    it('filters by state, unread, needs a person, AI paused, platform and stage', async () => {
      expect(await names(owner, { state: 'closed' })).toEqual(['José López']);
      expect(await names(owner, { state: 'open' })).toEqual([
        'Pedro Sanz',
        'Lucía Fernández',
        'María García',
      ]);
      expect(await names(owner, { unread: 'true' })).toEqual(['Pedro Sanz', 'José López', 'María García']);
      expect(await names(owner, { unread: 'false' })).toEqual(['Lucía Fernández']);
      expect(await names(owner, { needsHuman: 'true' })).toEqual(['Pedro Sanz']);
      expect(await names(owner, { needsHuman: 'false' })).toHaveLength(3);
      expect(await names(owner, { aiPaused: 'true' })).toEqual(['Lucía Fernández']);
      expect(await names(owner, { aiPaused: 'false' })).toEqual(['Pedro Sanz', 'José López', 'María García']);
      expect(await names(owner, { platform: 'whatsapp' })).toEqual(['Pedro Sanz', 'José López']);
      expect(await names(owner, { stage: 'qualified' })).toEqual(['María García']);
      expect(await names(owner, { platform: 'whatsapp', state: 'open', needsHuman: 'true' })).toEqual([
        'Pedro Sanz',
      ]);
      expect((await list(owner, { needsHuman: 'true' }))[0]).toMatchObject({
        needsHuman: true,
        unreadCount: 1,
      });
    });

    it('refuses a flag that is not true or false, and a state it does not know, naming them', async () => {
      for (const [field, value] of [
        ['unread', 'yes'],
        ['needsHuman', '1'],
        ['aiPaused', ''],
        ['state', 'archived'],
      ]) {
        await expect(list(owner, { [field]: value })).rejects.toMatchObject({
          code: ErrorCode.ValidationFailed,
          details: { field },
        });
      }
    });

    it('searches the name, the username and the text of any message, only in the owner’s conversations', async () => {
      expect(await names(owner, { q: 'GARC' })).toEqual(['María García']);
      expect(await names(owner, { q: 'lucía.fern' })).toEqual(['Lucía Fernández']);
      expect(await names(owner, { q: 'KETTLE' })).toEqual(['María García']);
      expect(await names(owner, { q: 'order 4711' })).toEqual(['Lucía Fernández']);
      // A term too short for the search index is matched on every conversation.
      expect(await names(owner, { q: '47' })).toEqual(['Lucía Fernández']);
      expect(await names(owner, { q: 'o' })).toHaveLength(4);
      // LIKE's own characters are plain text.
      expect(await names(owner, { q: '%' })).toEqual([]);
      expect(await names(owner, { q: 'kettle', state: 'closed' })).toEqual([]);
      expect(await names(owner, { q: 'sunday', state: 'closed' })).toEqual(['José López']);
    });

    it('pages a search with no conversation twice', async () => {
      const pages = await allPages<ConversationResponse>(
        MESSAGING_SUBJECTS.listConversations,
        owner,
        { q: 'o', limit: '1' },
        (c) => c.lastActivityAt,
        (c) => c.customerId,
      );
      const found = pages.flat().map((c) => c.customerName);
      expect(found).toEqual(['Pedro Sanz', 'Lucía Fernández', 'José López', 'María García']);
      const keyed = await allPages<ConversationResponse>(
        MESSAGING_SUBJECTS.listConversations,
        owner,
        { q: 'you', limit: '1' },
        (c) => c.lastActivityAt,
        (c) => c.customerId,
      );
      expect(keyed.flat().map((c) => c.customerName)).toEqual(['María García']);
    });
  });

  describe('read, close, reopen, pause', () => {
    it('counts unread messages once each, and marks them read', async () => {
      const owner = await quietOwner();
      const { customerId } = await ingest(owner, { content: 'One', platformMessageId: 'wamid.1' });
      await ingest(owner, { content: 'Two' });
      // A message the platform delivers twice is one unread message, stored once.
      await ingest(owner, { content: 'One', platformMessageId: 'wamid.1' });
      expect((await conversation(owner, customerId))?.unreadCount).toBe(2);
      const read = await update(owner, customerId, { read: true });
      expect(read).toMatchObject({ customerId, unreadCount: 0, closed: false });
      await ingest(owner, { content: 'Three' });
      expect((await conversation(owner, customerId))?.unreadCount).toBe(1);
    });

    it('closes, is reopened by a new message from the customer, and reopens on request', async () => {
      const owner = await quietOwner();
      const { customerId } = await ingest(owner, { content: 'Thanks, that is all.' });
      const closed = await update(owner, customerId, { closed: true, read: true });
      expect(closed).toMatchObject({ closed: true, unreadCount: 0 });
      // The owner's own reply does not reopen it.
      await reply(owner, customerId, 'You are welcome!');
      expect(await conversation(owner, customerId)).toMatchObject({ closed: true });
      await ingest(owner, { content: 'One more thing…' });
      expect(await conversation(owner, customerId)).toMatchObject({
        closed: false,
        unreadCount: 1,
        lastMessage: { content: 'One more thing…' },
      });
      await update(owner, customerId, { closed: true });
      expect(await update(owner, customerId, { closed: false })).toMatchObject({ closed: false });
    });

    it('pauses the AI for 24 hours and resumes it', async () => {
      const owner = await quietOwner();
      const { customerId } = await ingest(owner, { content: 'Hola' });
      const paused = await update(owner, customerId, { aiPaused: true });
      expect(paused.aiPaused).toBe(true);
      expect(Math.abs(Date.parse(paused.aiPausedUntil ?? '') - (Date.now() + 24 * HOUR))).toBeLessThan(5000);
      const customer = await send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, {
        id: customerId,
      });
      expect(customer.aiPausedUntil).toBe(paused.aiPausedUntil);
      expect(await update(owner, customerId, { aiPaused: false })).toMatchObject({
        aiPaused: false,
        aiPausedUntil: null,
        lastMessage: { content: 'Hola' },
      });
    });

    it('tells the owner’s tabs quietly, and only that owner', async () => {
      const owner = await quietOwner();
      const { customerId } = await ingest(owner, { content: 'Hola' });
      await update(owner, customerId, { read: true });
      await until(() =>
        kit.events.some((e) => e.ownerId === owner && e.event.type === 'conversation_updated'),
      );
      expect(
        kit.events.filter((e) => e.event.type === 'conversation_updated' && e.ownerId === owner),
      ).toEqual([
        {
          ownerId: owner,
          event: { type: 'conversation_updated', message: '', data: { customerId, assigneeId: null } },
        },
      ]);
    });

    it('refuses an empty change naming the fields, and marking unread', async () => {
      const owner = await quietOwner();
      const { customerId } = await ingest(owner, { content: 'Hola' });
      await expect(update(owner, customerId, {})).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'Nothing to change: send at least one of aiPaused, closed, read, assigneeId',
      });
      await expect(update(owner, customerId, { read: false })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        details: { field: 'read' },
      });
      await expect(update(owner, customerId, { closed: 'yes' })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        details: { field: 'closed' },
      });
    });
  });

  describe('needs a person', () => {
    it("is set when the agent leaves a message to a person and cleared by a person's reply, as the dashboard counts", async () => {
      const owner = await quietOwner();
      const first = await ingest(owner, { content: 'Can I return a worn shirt?' });
      await storeAiReplies([
        { messageId: first.messageId, needsHuman: true, content: 'Let me ask the team.' },
      ]);
      expect(await conversation(owner, first.customerId)).toMatchObject({ needsHuman: true });
      expect((await stats(owner)).needsHumanCount).toBe(1);
      // Another AI reply does not settle it; a person's does.
      const second = await ingest(owner, { content: 'Hello?' });
      await storeAiReplies([{ messageId: second.messageId }]);
      expect(await conversation(owner, first.customerId)).toMatchObject({ needsHuman: true });
      await reply(owner, first.customerId, 'Yes, within 30 days.');
      expect(await conversation(owner, first.customerId)).toMatchObject({ needsHuman: false });
      expect((await stats(owner)).needsHumanCount).toBe(0);
    });
  });

  describe("another owner's conversations", () => {
    it('are absent from the list and the search, and not found to change', async () => {
      const a = await quietOwner();
      const b = await quietOwner();
      const { customerId } = await ingest(a, { content: 'Secret order 9911' });
      expect(await list(b)).toEqual([]);
      expect(await list(b, { q: '9911' })).toEqual([]);
      expect(await list(b, { q: 'garc' })).toEqual([]);
      for (const id of [customerId, 'not-a-uuid', randomUUID()]) {
        await expect(update(b, id, { closed: true })).rejects.toMatchObject({ code: ErrorCode.NotFound });
        await expect(send(MESSAGING_SUBJECTS.getConversation, b, { customerId: id })).rejects.toMatchObject({
          code: ErrorCode.NotFound,
        });
        await expect(
          send(MESSAGING_SUBJECTS.updateContact, b, { id, changes: { name: 'Mallory' } }),
        ).rejects.toMatchObject({ code: ErrorCode.NotFound });
        await expect(send(MESSAGING_SUBJECTS.listCustomerLeads, b, { customerId: id })).rejects.toMatchObject(
          {
            code: ErrorCode.NotFound,
          },
        );
      }
      expect(await conversation(a, customerId)).toMatchObject({
        closed: false,
        customerName: 'María García',
      });
      // One conversation read alone is the list's row.
      expect(await send(MESSAGING_SUBJECTS.getConversation, a, { customerId })).toEqual(
        await conversation(a, customerId),
      );
    });
  });

  describe('the contact panel', () => {
    it('changes the fields given, clears those sent empty, and renames the customer on every message', async () => {
      const owner = await quietOwner();
      const { customerId } = await ingest(owner, { content: 'Hola' });
      const changed = await send<CustomerResponse>(MESSAGING_SUBJECTS.updateContact, owner, {
        id: customerId,
        changes: {
          name: ' María G. ',
          email: 'maria@example.com',
          phone: '+34 600 000 001',
          interest: 'linen shirts',
          notes: 'Prefers mornings',
          tags: ['vip', ' ', 'madrid'],
        },
      });
      expect(changed).toMatchObject({
        id: customerId,
        name: 'María G.',
        email: 'maria@example.com',
        phone: '+34 600 000 001',
        interest: 'linen shirts',
        notes: 'Prefers mornings',
        tags: ['vip', 'madrid'],
        stage: 'new',
      });
      const cleared = await send<CustomerResponse>(MESSAGING_SUBJECTS.updateContact, owner, {
        id: customerId,
        changes: { email: null, notes: '  ' },
      });
      expect(cleared).toMatchObject({ name: 'María G.', email: null, notes: null, interest: 'linen shirts' });
      const thread = await page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, owner, { customerId });
      expect(thread.items.map((m) => m.customerName)).toEqual(['María G.']);
      expect((await conversation(owner, customerId))?.customerName).toBe('María G.');
      expect(await names(owner, { q: 'maría g.' })).toEqual(['María G.']);
    });

    it('refuses an empty change naming the fields, a blank name and a bad email', async () => {
      const owner = await quietOwner();
      const { customerId } = await ingest(owner, { content: 'Hola' });
      const change = (changes: Record<string, unknown>) =>
        send(MESSAGING_SUBJECTS.updateContact, owner, { id: customerId, changes });
      await expect(change({})).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'Nothing to change: send at least one of name, email, phone, interest, notes, tags, stage, leadValue',
      });
      await expect(change({ name: ' ' })).rejects.toMatchObject({ details: { field: 'name' } });
      await expect(change({ email: 'not-an-email' })).rejects.toMatchObject({ details: { field: 'email' } });
      await expect(change({ stage: 'won' })).rejects.toMatchObject({ details: { field: 'stage' } });
    });
  });

  describe('leads', () => {
    const leadsOf = (owner: string, customerId: string) =>
      send<LeadResponse[]>(MESSAGING_SUBJECTS.listCustomerLeads, owner, { customerId });

    it('opens one for a customer reaching a lead stage or rated high, whoever moves them, and the dashboard counts them', async () => {
      const owner = await quietOwner();
      const events = () => kit.events.filter((e) => e.ownerId === owner && e.event.type === 'new_lead');
      // Added at a lead stage.
      const added = await send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, {
        name: 'Lucía Fernández',
        platform: 'facebook',
        platformUsername: 'lucia.f',
        stage: 'qualified',
      });
      // Moved there by the owner (PUT), by the contact panel (PATCH), by an AI reply, or rated high.
      const put = await ingest(owner, from('Ana Ruiz', 'Hola'));
      await send(MESSAGING_SUBJECTS.updateCustomer, owner, {
        id: put.customerId,
        changes: { stage: 'interested' },
      });
      const patched = await ingest(owner, from('Bob Stone', 'Hi'));
      await send(MESSAGING_SUBJECTS.updateContact, owner, {
        id: patched.customerId,
        changes: { stage: 'converted' },
      });
      const moved = await ingest(owner, from('Carla Diaz', 'How much is it?'));
      await storeAiReplies([{ messageId: moved.messageId, potential: POTENTIAL_RANK.medium }]);
      const rated = await ingest(owner, from('Dan Cole', 'Just looking'));
      await storeAiReplies([{ messageId: rated.messageId, potential: POTENTIAL_RANK.high, opensLead: true }]);
      // Not a lead: still new.
      await ingest(owner, from('Eve Moss', 'Hello'));

      const lucia = await leadsOf(owner, added.id);
      expect(lucia).toEqual([
        {
          id: expect.any(String),
          customerId: added.id,
          source: 'manual',
          value: null,
          status: 'new',
          createdAt: expect.any(String),
          isTest: false,
        },
      ]);
      expect((await leadsOf(owner, put.customerId)).map((l) => l.source)).toEqual(['instagram']);
      for (const customer of [patched, moved, rated])
        expect(await leadsOf(owner, customer.customerId)).toHaveLength(1);
      // The service tells the owner's tabs of the leads it opens (the reply processor of the AI's).
      await until(() => events().length === 3);
      expect(
        events()
          .map((e) => (e.event.data as { customerId: string }).customerId)
          .sort(),
      ).toEqual([added.id, put.customerId, patched.customerId].sort());

      // Moving on, or back and forth, opens no second lead.
      await send(MESSAGING_SUBJECTS.updateCustomer, owner, { id: put.customerId, changes: { stage: 'new' } });
      await send(MESSAGING_SUBJECTS.updateCustomer, owner, {
        id: put.customerId,
        changes: { stage: 'converted' },
      });
      expect(await leadsOf(owner, put.customerId)).toHaveLength(1);

      // Five customers with a lead, two of them converted; one lead opened 40 days ago is not new.
      await kit.db.query(
        `update messaging_service.leads set created_at = now() - interval '40 days' where customer_id = $1`,
        [rated.customerId],
      );
      expect(await stats(owner)).toMatchObject({ newLeads: 4, conversionRate: 40 });
    });

    it('lists a customer’s leads newest first', async () => {
      const owner = await quietOwner();
      const { customerId } = await ingest(owner, { content: 'Hola' });
      expect(await leadsOf(owner, customerId)).toEqual([]);
      await kit.db.query(
        `insert into messaging_service.leads (id, owner_id, customer_id, source, status, created_at)
         values (gen_random_uuid(), $1, $2, 'instagram', 'won', now() - interval '3 days')`,
        [owner, customerId],
      );
      await send(MESSAGING_SUBJECTS.updateContact, owner, {
        id: customerId,
        changes: { stage: 'qualified' },
      });
      // A customer with a lead, whatever its status, gets no other.
      expect((await leadsOf(owner, customerId)).map((l) => l.status)).toEqual(['won']);
      await kit.db.query(
        `insert into messaging_service.leads (id, owner_id, customer_id, source) values (gen_random_uuid(), $1, $2, 'instagram')`,
        [owner, customerId],
      );
      expect((await leadsOf(owner, customerId)).map((l) => l.status)).toEqual(['new', 'won']);
    });
  });

  describe('the test chat', () => {
    it('marks the agent tested from the first test chat on', async () => {
      const codec = JSONCodec();
      const billing = kit.nc.subscribe(`${kit.prefix}${USAGE_SUBJECTS.consume}`, {
        callback: (_error, msg) => {
          const { id } = codec.decode(msg.data) as { id: string };
          msg.respond(codec.encode({ id, response: { used: 1 }, isDisposed: true }));
        },
      });
      try {
        const owner = await quietOwner();
        const config = () => send<AiConfigResponse>(MESSAGING_SUBJECTS.getAiConfig, owner, {});
        expect((await config()).agentTestedAt).toBeNull();
        await send<TestAgentResponse>(MESSAGING_SUBJECTS.testAgent, owner, {
          message: 'Hello',
          platform: 'test',
        });
        const tested = (await config()).agentTestedAt;
        expect(Math.abs(Date.parse(tested ?? '') - Date.now())).toBeLessThan(5000);
        await send<TestAgentResponse>(MESSAGING_SUBJECTS.testAgent, owner, {
          message: 'Hello again',
          platform: 'test',
        });
        expect((await config()).agentTestedAt).toBe(tested);
      } finally {
        billing.unsubscribe();
      }
    });
  });
});
