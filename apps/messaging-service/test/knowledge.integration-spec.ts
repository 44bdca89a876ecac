import { randomUUID } from 'node:crypto';
import {
  type AiConfigResponse,
  ErrorCode,
  type IngestMessageResult,
  type KnowledgeItemResponse,
  type MessageResponse,
  MESSAGING_SUBJECTS,
  type StatsResponse,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { messagingServiceModule } from '../src/app.module';
import { MessagingConfig } from '../src/config/messaging.config';
import { KnowledgeQueries, RETRIEVE, RETRIEVED_ITEMS } from '../src/knowledge/knowledge.queries';
import { RepliesQueries } from '../src/replies/replies.queries';
import { stageMoves } from '../src/replies/reply-rules';

const MISSING = 'Missing Information: Please provide both title and content.';
/**
 * Buffers (8 kB pages) one retrieval may read at 10 000 passages: CANDIDATES_PER_WORD rows per word and the index
 * pages that find them. Measured 35–350 for the messages below; a plan that walked the owner's rows would read
 * thousands.
 */
const MAX_BUFFERS = 1000;

/** The knowledge base of messaging-service over NATS, its retrieval, and needsHuman, on real PostgreSQL. */
describe('knowledge base (real PostgreSQL, NATS and Redis)', () => {
  let infra: TestInfra;
  let messaging: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;
  let queries: KnowledgeQueries;

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(MessagingConfig, { ...infra.env, RECONCILE_INTERVAL_MS: '600000' });
    messaging = await createServiceApp('messaging-service', messagingServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'knowledge-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    queries = messaging.app.get(KnowledgeQueries);
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await messaging?.app.close();
    await infra?.cleanup();
  });

  const send = <T>(subject: string, owner: string, data: unknown) =>
    client.send<T>(subject, data, { actor: workspaceActor(owner) });
  const create = (owner: string, item: Record<string, unknown>) =>
    send<KnowledgeItemResponse>(MESSAGING_SUBJECTS.createKnowledge, owner, {
      category: 'policies',
      ...item,
    });
  /** The first page, as the gateway passes it on (a JSON array). */
  const list = async (owner: string): Promise<KnowledgeItemResponse[]> => {
    const answer = await client.sendRaw(MESSAGING_SUBJECTS.listKnowledge, {}, { actor: workspaceActor(owner) });
    return JSON.parse(Buffer.from(answer.body).toString('utf8')) as KnowledgeItemResponse[];
  };
  /** A training document of the owner's, for passages to point at. */
  const documentOf = async (owner: string): Promise<string> => {
    const id = randomUUID();
    await db.query(
      `insert into messaging_service.training_documents (id, owner_id, original_name, file_type, file_size, status)
       values ($1, $2, 'guide.txt', 'txt', 10, 'completed')`,
      [id, owner],
    );
    return id;
  };
  const stored = async (owner: string) =>
    (
      await db.query('select count(*)::int as n from messaging_service.knowledge_items where owner_id = $1', [
        owner,
      ])
    ).rows[0].n as number;

  describe('CRUD', () => {
    it('creates an item with the spec rules: tags trimmed, blanks dropped, priority 1 by default', async () => {
      const owner = randomUUID();
      const item = await create(owner, {
        title: ' Returns ',
        content: 'Returns are accepted within 30 days.',
        tags: [' refunds ', '', 'returns'],
      });
      expect(item).toEqual({
        id: expect.any(String),
        category: 'policies',
        title: 'Returns',
        content: 'Returns are accepted within 30 days.',
        tags: ['refunds', 'returns'],
        priority: 1,
        isActive: true,
        sourceDocumentId: null,
        createdAt: expect.stringMatching(/Z$/),
        updatedAt: expect.stringMatching(/Z$/),
      });
      expect(await list(owner)).toEqual([item]);
    });

    it.each([
      [{ title: '', content: 'x' }, MISSING, 'title'],
      [{ title: 'x', content: '  ' }, MISSING, 'content'],
      [{ title: 'x', content: 'y', category: 'pricing' }, 'Category must be one of', 'category'],
      [{ title: 'x', content: 'y', priority: 6 }, 'Priority must be one of', 'priority'],
      [{ title: 'x', content: 'y', tags: 'a,b' }, 'Tags must be a list of text', 'tags'],
    ])('refuses %j naming the field, storing nothing', async (body, message, field) => {
      const owner = randomUUID();
      await expect(create(owner, body)).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: expect.stringContaining(message),
        details: { field },
      });
      expect(await stored(owner)).toBe(0);
    });

    it('lists newest first, document passages included', async () => {
      const owner = randomUUID();
      const first = await create(owner, { title: 'Warranty', content: 'Two years on every item.' });
      const second = await create(owner, { title: 'Payment', content: 'We accept cards and cash.' });
      const documentId = await documentOf(owner);
      await db.query(
        `insert into messaging_service.knowledge_items (id, owner_id, category, title, content, source_document_id, passage_index, created_at)
         values ($1, $2, 'faqs', 'Care guide', 'Hand wash only.', $3, 0, now() + interval '1 second')`,
        [randomUUID(), owner, documentId],
      );
      const items = await list(owner);
      expect(items.map((item) => item.title)).toEqual(['Care guide', 'Payment', 'Warranty']);
      expect(items[0].sourceDocumentId).toBe(documentId);
      expect(items.slice(1)).toEqual([second, first]);
    });

    it('changes only the fields sent, switches an item off and on, and deletes it', async () => {
      const owner = randomUUID();
      const item = await create(owner, {
        title: 'Shipping',
        content: 'Ships in 2 days.',
        tags: ['delivery'],
        priority: 3,
      });
      const off = await send<KnowledgeItemResponse>(MESSAGING_SUBJECTS.updateKnowledge, owner, {
        id: item.id,
        changes: { isActive: false },
      });
      expect(off).toEqual({ ...item, isActive: false, updatedAt: expect.any(String) });
      const edited = await send<KnowledgeItemResponse>(MESSAGING_SUBJECTS.updateKnowledge, owner, {
        id: item.id,
        changes: { content: 'Ships in 1 day.', priority: 5, isActive: true },
      });
      expect(edited).toMatchObject({
        title: 'Shipping',
        content: 'Ships in 1 day.',
        tags: ['delivery'],
        priority: 5,
        isActive: true,
      });
      await expect(
        send(MESSAGING_SUBJECTS.updateKnowledge, owner, { id: item.id, changes: { title: ' ' } }),
      ).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: MISSING,
        details: { field: 'title' },
      });
      expect((await queries.retrieve(owner, 'How fast is shipping?')).map((found) => found.title)).toEqual([
        'Shipping',
      ]);
      expect(await send(MESSAGING_SUBJECTS.deleteKnowledge, owner, { id: item.id })).toEqual({ id: item.id });
      expect(await list(owner)).toEqual([]);
      // The agent's retrieval no longer finds it.
      expect(await queries.retrieve(owner, 'How fast is shipping?')).toEqual([]);
    });

    it("answers 404 for another owner's item or a malformed id, and changes nothing", async () => {
      const a = randomUUID();
      const b = randomUUID();
      const item = await create(a, { title: 'Secret', content: 'Only for A.' });
      for (const id of [item.id, 'not-a-uuid', randomUUID()]) {
        await expect(
          send(MESSAGING_SUBJECTS.updateKnowledge, b, { id, changes: { title: 'Mine' } }),
        ).rejects.toMatchObject({ code: ErrorCode.NotFound });
        await expect(send(MESSAGING_SUBJECTS.deleteKnowledge, b, { id })).rejects.toMatchObject({
          code: ErrorCode.NotFound,
        });
      }
      expect(await list(b)).toEqual([]);
      expect(await list(a)).toEqual([item]);
    });
  });

  describe('retrieval', () => {
    const owner = randomUUID();
    const other = randomUUID();

    beforeAll(async () => {
      const items: Record<string, unknown>[] = [
        { title: 'Return policy', content: 'Unused items can be returned within 14 days.', priority: 1 },
        { title: 'Returns', content: 'Returns are accepted within 30 days of delivery.', priority: 4 },
        { title: 'Warranty', content: 'Every appliance has a two-year warranty.', tags: ['guarantee'] },
        { title: 'Payment methods', content: 'We accept Visa, Mastercard and PayPal.', category: 'faqs' },
        { title: 'Envíos a Canarias', content: 'Enviamos a Canarias en 4 días laborables.' },
        { title: 'سياسة الإرجاع', content: 'يمكنك إرجاع المنتجات خلال 30 يوما من الاستلام.' },
        { title: 'Shipping to Zaragoza', content: 'Next-day courier.', category: 'support' },
      ];
      for (const item of items) await create(owner, item);
      const hidden = await create(owner, { title: 'Gift cards', content: 'Gift cards never expire.' });
      await send(MESSAGING_SUBJECTS.updateKnowledge, owner, { id: hidden.id, changes: { isActive: false } });
      await create(other, { title: 'Gift cards', content: "Another owner's gift cards." });
      await create(other, { title: 'Return policy', content: "Another owner's returns." });
    });

    const titles = async (message: string, who = owner) =>
      (await queries.retrieve(who, message)).map((item) => item.title);

    it.each<[string, string]>([
      ['Do you have a warranty?', 'Warranty'],
      ['Is there a guarantee on the kettle?', 'Warranty'],
      ['Can I pay with PayPal?', 'Payment methods'],
      ['¿Hacen envíos a Canarias?', 'Envíos a Canarias'],
      ['¿Cuánto tardan los envíos?', 'Envíos a Canarias'],
      ['ما هي سياسة الإرجاع؟', 'سياسة الإرجاع'],
      ['هل يمكن إرجاع المنتجات؟', 'سياسة الإرجاع'],
      // A name the customer misspelt, found by its title's trigrams.
      ['Do you deliver to Zaragosa?', 'Shipping to Zaragoza'],
    ])('%j → %j first', async (message, best) => {
      expect((await titles(message))[0]).toBe(best);
    });

    it('puts the higher priority first when two items answer the same question equally well', async () => {
      const found = await queries.retrieve(owner, 'returns');
      expect(found.slice(0, 2).map((item) => [item.title, item.priority])).toEqual([
        ['Returns', 4],
        ['Return policy', 1],
      ]);
    });

    it('gives the agent both of two items that disagree, with their priorities, to follow the higher', async () => {
      const found = await queries.retrieve(owner, 'What is your return policy?');
      expect(
        found
          .slice(0, 2)
          .map((item) => [item.title, item.priority])
          .sort(),
      ).toEqual([
        ['Return policy', 1],
        ['Returns', 4],
      ]);
    });

    it("never returns an inactive item or another owner's", async () => {
      expect(await titles('Do your gift cards expire?')).toEqual([]);
      expect(await titles('gift cards', other)).toEqual(['Gift cards']);
      for (const item of await queries.retrieve(owner, 'return policy gift cards')) {
        expect(item.content).not.toContain('Another owner');
      }
    });

    it('finds nothing for small talk or stop words only, and every item a many-topic message is about', async () => {
      expect(await titles('Hi! How are you?')).toEqual([]);
      expect(await titles('¿Qué tal?')).toEqual([]);
      expect(await titles('')).toEqual([]);
      const many = await titles('returns warranty payment shipping Canarias Zaragoza policy delivery');
      // Seven items match, fewer than RETRIEVED_ITEMS; the cap itself is checked at 10 000 passages below.
      expect(many.length).toBe(7);
    });
  });

  describe('needsHuman', () => {
    it('marks the inbound message, shows it in the list and counts it until a person replies', async () => {
      const owner = randomUUID();
      await send<AiConfigResponse>(MESSAGING_SUBJECTS.saveAiConfig, owner, {
        companyName: 'Olive & Thread',
        companyDescription: 'Linen clothes.',
        autoRespond: false,
      });
      const sent = await send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, owner, {
        platform: 'instagram',
        platformUsername: 'maria.g',
        senderName: 'María García',
        content: 'Is there a discount code?',
      });
      const replies = messaging.app.get(RepliesQueries);
      await replies.store(
        [
          {
            messageId: sent.messageId,
            replyId: randomUUID(),
            content: "I don't have that information.",
            metadata: { needsHuman: true },
            needsHuman: true,
            interest: null,
            potential: 0,
            movesStage: true,
            evidence: { messageId: sent.messageId, quote: '', intent: null, leadPotential: null },
            opensLead: false,
            status: 'sent',
          },
        ],
        stageMoves(),
      );
      const page = await client.sendRaw(MESSAGING_SUBJECTS.listMessages, {}, { actor: workspaceActor(owner) });
      const messages = JSON.parse(Buffer.from(page.body).toString('utf8')) as MessageResponse[];
      expect(messages.map((m) => [m.direction, m.needsHuman])).toEqual([
        ['outgoing', false],
        ['incoming', true],
      ]);
      const stats = () => send<StatsResponse>(MESSAGING_SUBJECTS.getStats, owner, {});
      expect((await stats()).needsHumanCount).toBe(1);

      await send(MESSAGING_SUBJECTS.replyToCustomer, owner, {
        customerId: sent.customerId,
        content: 'Not at the moment, sorry!',
      });
      expect((await stats()).needsHumanCount).toBe(0);
    });
  });

  describe('speed', () => {
    /**
     * Retrieval over 10 000 passages of one owner (plus 10 000 of another): the work per message is bounded
     * (buffers read, as a generic plan runs it), and the time of sequential calls is logged. The time is not
     * asserted: other suites share this machine's two cores (measured quiet: docs/agent.md, "Retrieval").
     */
    it('retrieves from 10 000 passages reading a bounded number of buffers', async () => {
      const big = randomUUID();
      const words = [
        'shipping',
        'returns',
        'warranty',
        'payment',
        'delivery',
        'invoice',
        'assembly',
        'cleaning',
        'battery',
        'kettle',
        'envíos',
        'devoluciones',
        'garantía',
        'pago',
        'factura',
        'الشحن',
        'الإرجاع',
        'الضمان',
        'الدفع',
      ];
      for (const who of [big, randomUUID()]) {
        await db.query(
          `insert into messaging_service.knowledge_items (id, owner_id, category, title, content, source_document_id, passage_index)
           select gen_random_uuid(), $1, 'faqs',
                  'Section ' || i || ' ' || ($2::text[])[1 + i % 19] || ' ' || ($2::text[])[1 + (i / 19) % 19],
                  repeat('This passage explains ' || ($2::text[])[1 + i % 19] || ' and ' || ($2::text[])[1 + (i * 7) % 19]
                         || ' for model ' || i || ' in plain words. ', 6),
                  $3, i
             from generate_series(1, 10000) i`,
          [who, words, await documentOf(who)],
        );
      }
      const messages = [
        'How long does shipping take?',
        'What is your returns policy for a kettle?',
        'Is there a warranty on the battery?',
        '¿Cuánto tardan los envíos?',
        '¿Puedo pagar con factura?',
        'كم يستغرق الشحن؟',
        'ما هي سياسة الإرجاع؟',
        'Hello there!',
        'Do you deliver to Zaragosa?',
        'I need the invoice and assembly instructions for model 4711',
      ];
      for (const message of messages) await queries.retrieve(big, message);
      let n = 0;
      await db.query('set search_path = messaging_service, public');
      await db.query('set plan_cache_mode = force_generic_plan');
      await db.query(`prepare retrieve(uuid, text) as ${RETRIEVE.replace(/\?/g, () => `$${++n}`)}`);
      const buffers: Record<string, number> = {};
      for (const message of messages) {
        const [
          {
            'QUERY PLAN': [plan],
          },
        ] = (
          await db.query(
            `explain (analyze, buffers, format json) execute retrieve('${big}', ${db.escapeLiteral(message)})`,
          )
        ).rows as { 'QUERY PLAN': { Plan: Record<string, number> }[] }[];
        buffers[message] = plan.Plan['Shared Hit Blocks'] + plan.Plan['Shared Read Blocks'];
      }
      console.log('knowledge retrieval buffers per message', buffers);
      for (const [message, read] of Object.entries(buffers)) {
        expect({ message, read: read <= MAX_BUFFERS }).toEqual({ message, read: true });
      }
      // Other tests share this machine: each round's p99 is measured, and the best of three must hold.
      const rounds: { p50: number; p99: number }[] = [];
      for (let round = 0; round < 3; round++) {
        const times: number[] = [];
        for (let i = 0; i < 20; i++) {
          for (const message of messages) {
            const start = process.hrtime.bigint();
            const found = await queries.retrieve(big, message);
            times.push(Number(process.hrtime.bigint() - start) / 1e6);
            expect(found.length).toBeLessThanOrEqual(RETRIEVED_ITEMS);
          }
        }
        times.sort((x, y) => x - y);
        rounds.push({
          p50: times[Math.floor(times.length * 0.5)],
          p99: times[Math.floor(times.length * 0.99)],
        });
      }
      console.log(
        'knowledge retrieval over 10 000 passages (p50 / p99 ms per round): ' +
          rounds.map((r) => `${r.p50.toFixed(2)} / ${r.p99.toFixed(2)}`).join(', '),
      );
    }, 120_000);
  });
});
