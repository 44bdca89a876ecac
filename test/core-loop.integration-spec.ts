import { randomUUID } from 'node:crypto';
import {
  type CustomerResponse,
  LIST_NEXT_CURSOR_HEADER,
  type MessageResponse,
  type RealtimeEvent,
} from '@parley/contracts';
import { type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import WebSocket from 'ws';
import { ReplyProcessor } from '../apps/messaging-service/src/replies/reply.processor';
import { ReplyQueue } from '../apps/messaging-service/src/replies/reply-queue';
import { ReplyReconciler } from '../apps/messaging-service/src/replies/reply-reconciler';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const SETUP = {
  companyName: 'Olive & Thread',
  companyDescription: 'Handmade linen clothes, shipped from Valencia.',
};

describe('the core loop: message in, AI reply out, pipeline, live events', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let origin: string;
  let a: { cookie: string; id: string };
  let b: { cookie: string; id: string };
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack({ RECONCILE_INTERVAL_MS: '600000' }));
    origin = stack.url;
    api = stack.url;
    a = await signedInOwner(api, smtp, 'alice@olive.example');
    b = await signedInOwner(api, smtp, 'bob@other.example');
  }, 60_000);

  afterAll(async () => {
    for (const ws of sockets) ws.close();
    await stopSystemStack({ infra, smtp, stack });
  });

  const as = (owner: { cookie: string }) => ({ cookie: owner.cookie });

  function messagingApp() {
    const service = stack.services.get('messaging-service');
    if (!service) throw new Error('messaging-service is not running');
    return service.app;
  }

  function listen(owner: { cookie: string }): Promise<{ events: RealtimeEvent[] }> {
    const ws = new WebSocket(`${api.replace('http', 'ws')}/ws`, {
      headers: { cookie: owner.cookie, origin },
    });
    sockets.push(ws);
    const sink = { events: [] as RealtimeEvent[] };
    ws.on('message', (data) => sink.events.push(JSON.parse(String(data)) as RealtimeEvent));
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(sink));
      ws.once('error', reject);
    });
  }

  it('answers a new owner with the default AI configuration, then saves it with the spec rules', async () => {
    const fresh = await call(`${api}/api/ai-config`, as(a));
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({
      companyName: '',
      responseStyle: 'professional',
      autoRespond: true,
      responseDelay: 30,
      collectCustomerName: true,
      collectCustomerEmail: false,
      setupCompleted: false,
      updatedAt: null,
    });
    for (const [body, field] of [
      [{ ...SETUP, responseDelay: 7 }, 'Response delay'],
      [{ ...SETUP, responseStyle: 'rude' }, 'Response style'],
      [{ companyName: 'Only a name' }, 'Company description'],
    ] as const) {
      const bad = await call(`${api}/api/ai-config`, { method: 'PUT', body, ...as(a) });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toContain(field);
    }
    expect((await call(`${api}/api/ai-config`, as(a))).body.setupCompleted).toBe(false);
    const saved = await call(`${api}/api/ai-config`, {
      method: 'PUT',
      body: { ...SETUP, responseDelay: 0, responseStyle: 'friendly' },
      ...as(a),
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      ...SETUP,
      responseDelay: 0,
      responseStyle: 'friendly',
      setupCompleted: true,
    });
    expect(saved.body.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(Math.abs(Date.parse(saved.body.updatedAt as string) - Date.now())).toBeLessThan(60_000);
  });

  it.each([
    [{ platform: 'myspace', content: 'hi', platformUsername: 'u', senderName: 'U' }, 'Platform'],
    [{ platform: 'instagram', content: '', platformUsername: 'u', senderName: 'U' }, 'Content'],
    [{ platform: 'instagram', content: 'x'.repeat(4097), platformUsername: 'u', senderName: 'U' }, 'Content'],
    [{ platform: 'instagram', content: 'hi', senderName: 'U' }, 'Platform username'],
    [{ platform: 'instagram', content: 'hi', platformUsername: 'u' }, 'Sender name'],
  ])(
    'refuses simulate-message without a valid %#: 400 naming the field, storing nothing',
    async (body, field) => {
      const res = await call(`${api}/api/simulate-message`, { body, ...as(a) });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(field);
      expect(await sql(infra.env.DATABASE_URL, 'select id from messaging_service.messages')).toEqual([]);
    },
  );

  it('stores a simulated message, replies once with the AI, updates the customer and pushes the events live', async () => {
    const live = await listen(a);
    const other = await listen(b);
    const sent = await call<{ messageId: string; customerId: string }>(`${api}/api/simulate-message`, {
      body: {
        platform: 'instagram',
        content: 'Hi! Do you ship to Madrid? I want to buy two shirts',
        platformUsername: 'maria.g',
        senderName: 'María García',
      },
      ...as(a),
    });
    expect(sent.status).toBe(201);

    const thread = await until('the AI reply', async () => {
      const res = await call<MessageResponse[]>(
        `${api}/api/messages?customerId=${sent.body.customerId}`,
        as(a),
      );
      return res.body.length === 2 ? res.body : undefined;
    });
    const [reply, incoming] = thread;
    expect(reply).toMatchObject({
      direction: 'outgoing',
      aiGenerated: true,
      customerName: 'María García',
      platform: 'instagram',
    });
    expect(reply.content.length).toBeGreaterThan(0);
    expect(incoming).toMatchObject({
      direction: 'incoming',
      status: 'responded',
      aiGenerated: false,
      customerName: 'María García',
    });
    expect(incoming.responseTime).toBeGreaterThanOrEqual(0);
    const [answered] = await sql<{ in_reply_to: string }>(
      infra.env.DATABASE_URL,
      `select metadata->>'inReplyTo' as in_reply_to from messaging_service.messages where id = $1`,
      [reply.id],
    );
    expect(answered.in_reply_to).toBe(sent.body.messageId);

    const customers = await call<CustomerResponse[]>(`${api}/api/customers`, as(a));
    expect(customers.body).toHaveLength(1);
    expect(customers.body[0]).toMatchObject({
      name: 'María García',
      platformUsername: 'maria.g',
      platform: 'instagram',
    });
    expect(customers.body[0].lastContact).not.toBeNull();

    await until('live events', async () =>
      ['new_customer', 'new_message', 'message_responded'].every((t) => live.events.some((e) => e.type === t))
        ? true
        : undefined,
    );
    expect(other.events).toEqual([]);
    const usage = await call(`${api}/api/usage`, as(a));
    expect(usage.body).toMatchObject({
      used: 1,
      limit: 100,
      remaining: 99,
      warningLevel: 0,
      currentPackage: 'free',
    });
  });

  it('produces exactly one reply when the job is retried, re-queued and run by two workers at once', async () => {
    await call(`${api}/api/ai-config`, { method: 'PUT', body: { ...SETUP, autoRespond: false }, ...as(a) });
    const sent = await call<{ messageId: string }>(`${api}/api/simulate-message`, {
      body: {
        platform: 'facebook',
        content: 'How much is the linen shirt?',
        platformUsername: 'tom.k',
        senderName: 'Tom',
      },
      ...as(a),
    });
    await call(`${api}/api/ai-config`, {
      method: 'PUT',
      body: { ...SETUP, autoRespond: true, responseDelay: 0 },
      ...as(a),
    });
    const messaging = messagingApp();
    const processor = messaging.get(ReplyProcessor);
    const job = { messageId: sent.body.messageId, ownerId: a.id };
    await Promise.all([
      processor.handle(job),
      processor.handle(job),
      messaging.get(ReplyReconciler).run(-3600),
    ]);
    await processor.handle(job);
    await new Promise((r) => setTimeout(r, 500));
    const replies = await sql(
      infra.env.DATABASE_URL,
      `select m.id from messaging_service.messages m
        where m.direction = 'outgoing' and m.customer_id = (select customer_id from messaging_service.messages where id = $1)`,
      [sent.body.messageId],
    );
    expect(replies).toHaveLength(1);
    const [usage] = await sql<{ n: number }>(
      infra.env.DATABASE_URL,
      `select count(*)::int as n from billing_service.usage_events where key = $1`,
      [`reply:${sent.body.messageId}`],
    );
    expect(usage.n).toBe(1);
  });

  /** Incoming messages of `owner` at `times`, pending, as if their reply were long overdue. */
  const overdue = async (owner: string, times: string[]) => {
    const [customer] = await sql<{ id: string }>(
      infra.env.DATABASE_URL,
      `insert into messaging_service.customers (id, owner_id, name, platform, platform_username)
       values (gen_random_uuid(), $1, 'Waiting', 'whatsapp', '+34600000009') returning id`,
      [owner],
    );
    return sql<{ id: string }>(
      infra.env.DATABASE_URL,
      `insert into messaging_service.messages (id, owner_id, customer_id, platform, content, direction, timestamp)
       select gen_random_uuid(), $1, $2, 'whatsapp', 'still there?', 'incoming', t
         from unnest($3::timestamptz[]) t order by t
       returning id`,
      [owner, customer.id, times],
    );
  };

  it("re-queues vanished jobs owner by owner, so that one owner's pile cannot starve the others", async () => {
    const [pile, lone] = [randomUUID(), randomUUID()];
    const piled = await overdue(pile, ['2020-01-01T10:00Z', '2020-01-01T10:01Z', '2020-01-01T10:02Z']);
    const [alone] = await overdue(lone, ['2020-06-01T10:00Z']);
    const messaging = messagingApp();
    const schedule = jest.spyOn(messaging.get(ReplyQueue), 'schedule').mockResolvedValue();
    try {
      await messaging.get(ReplyReconciler).run(0, 2);
      expect(schedule.mock.calls.map(([job]) => job)).toEqual([
        { messageId: piled[0].id, ownerId: pile },
        { messageId: alone.id, ownerId: lone },
      ]);
    } finally {
      schedule.mockRestore();
      await sql(infra.env.DATABASE_URL, 'delete from messaging_service.messages where owner_id = any($1)', [
        [pile, lone],
      ]);
    }
  });

  it('schedules again a pending message whose job failed without marking it (attempts spent while PostgreSQL was down)', async () => {
    const owner = randomUUID();
    const [message] = await overdue(owner, ['2020-02-01T10:00Z']);
    const messaging = messagingApp();
    const queue = messaging.get(ReplyQueue).queue;
    // The job fails as a worker's last attempt would: taken (active), then failed.
    await queue.pause(true);
    await queue.add({ messageId: message.id, ownerId: owner }, { jobId: message.id });
    const taken = await queue.getNextJob();
    expect(taken?.id).toBe(message.id);
    await taken?.moveToFailed({ message: 'connect ECONNREFUSED' }, true);
    await taken?.releaseLock();
    await queue.resume(true);
    const schedule = jest.spyOn(messaging.get(ReplyQueue), 'schedule').mockResolvedValue();
    try {
      expect(await messaging.get(ReplyReconciler).run(0)).toBeGreaterThanOrEqual(1);
      expect(schedule.mock.calls.map(([j]) => j)).toContainEqual({ messageId: message.id, ownerId: owner });
      expect(await queue.getJob(message.id)).toBeNull();
    } finally {
      schedule.mockRestore();
      await sql(infra.env.DATABASE_URL, 'delete from messaging_service.messages where owner_id = $1', [owner]);
    }
  });

  it('stores a simulated message once when the client retries it with the same Idempotency-Key', async () => {
    const body = { platform: 'facebook', content: 'Is the shop open?', platformUsername: 'idem.1', senderName: 'Ines' };
    const send = (key: string) => call(`${api}/api/simulate-message`, { body, headers: { 'idempotency-key': key }, ...as(a) });
    const first = await send('retry-7f3a');
    const again = await send('retry-7f3a');
    expect(first).toMatchObject({ status: 201, body: { stored: true } });
    expect(again).toMatchObject({ status: 201, body: { messageId: first.body.messageId, stored: false } });
    // Another owner's same key is another message; a malformed key is refused, storing nothing.
    const carol = await signedInOwner(api, smtp, 'carol@idempotency.example');
    expect(
      (await call(`${api}/api/simulate-message`, { body, headers: { 'idempotency-key': 'retry-7f3a' }, ...as(carol) })).body,
    ).toMatchObject({ stored: true });
    const bad = await send('has spaces');
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED', field: 'Idempotency-Key' } });
    const [{ n }] = await sql<{ n: number }>(
      infra.env.DATABASE_URL,
      `select count(*)::int as n from messaging_service.messages m
         join messaging_service.customers c on c.id = m.customer_id
        where m.owner_id = $1 and c.platform_username = 'idem.1' and m.direction = 'incoming'`,
      [a.id],
    );
    expect(n).toBe(1);
  });

  it('stores a redelivered platform message once', async () => {
    const messaging = messagingApp();
    const { MessagesService } = await import('../apps/messaging-service/src/messages/messages.service');
    const service = messaging.get(MessagesService);
    const payload = {
      platform: 'whatsapp' as const,
      content: 'Hola',
      platformUsername: '+34600000000',
      senderName: 'Lucía',
      platformMessageId: 'wamid.1',
    };
    const { RequestContext, MikroORM } = await import('@mikro-orm/core');
    const orm = messaging.get(MikroORM);
    const first = await RequestContext.create(orm.em, () => service.ingest(a.id, payload));
    const again = await RequestContext.create(orm.em, () => service.ingest(a.id, payload));
    expect(first.stored).toBe(true);
    expect(again).toMatchObject({ stored: false, messageId: first.messageId });
  });

  it('keeps owners apart: lists, ids and live events', async () => {
    const aCustomers = await call<CustomerResponse[]>(`${api}/api/customers`, as(a));
    const id = aCustomers.body[0].id;
    expect((await call(`${api}/api/customers`, as(b))).body).toEqual([]);
    expect((await call(`${api}/api/messages`, as(b))).body).toEqual([]);
    expect((await call(`${api}/api/messages?customerId=${id}`, as(b))).body).toEqual([]);
    const put = await call(`${api}/api/customers/${id}`, {
      method: 'PUT',
      body: { stage: 'converted' },
      ...as(b),
    });
    expect(put.status).toBe(404);
    const reply = await call(`${api}/api/messages/reply`, {
      body: { customerId: id, content: 'hi' },
      ...as(b),
    });
    expect(reply.status).toBe(404);
    expect(
      (await call(`${api}/api/customers/not-a-uuid`, { method: 'PUT', body: { stage: 'new' }, ...as(a) }))
        .status,
    ).toBe(404);
  });

  it('moves a customer to any stage, refuses unknown stages, and the stats follow', async () => {
    const [customer] = (await call<CustomerResponse[]>(`${api}/api/customers?q=mar%C3%ADa`, as(a))).body;
    expect(customer.name).toBe('María García');
    const before = await call(`${api}/api/stats`, as(a));
    expect(
      (await call(`${api}/api/customers/${customer.id}`, { method: 'PUT', body: { stage: 'won' }, ...as(a) }))
        .status,
    ).toBe(400);
    const moved = await call(`${api}/api/customers/${customer.id}`, {
      method: 'PUT',
      body: { stage: 'converted' },
      ...as(a),
    });
    expect(moved.status).toBe(200);
    expect(moved.body.stage).toBe('converted');
    const after = await call(`${api}/api/stats`, as(a));
    expect(after.body.conversionRate).toBeGreaterThan(before.body.conversionRate as number);
    expect(after.body.totalMessages).toBeGreaterThanOrEqual(4);
    const back = await call(`${api}/api/customers/${customer.id}`, {
      method: 'PUT',
      body: { stage: 'new' },
      ...as(a),
    });
    expect(back.body.stage).toBe('new');
  });

  it('adds a customer by hand and answers by hand', async () => {
    const added = await call<CustomerResponse>(`${api}/api/customers`, {
      body: { name: 'Ana Ruiz', platform: 'twitter', platformUsername: '@anaruiz', email: 'ana@example.com' },
      ...as(a),
    });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ stage: 'new', source: 'manual' });
    expect(
      (
        await call(`${api}/api/customers`, {
          body: { name: 'Ana', platform: 'twitter', platformUsername: '@anaruiz' },
          ...as(a),
        })
      ).status,
    ).toBe(409);
    const reply = await call<MessageResponse>(`${api}/api/messages/reply`, {
      body: { customerId: added.body.id, content: 'Hi Ana!' },
      ...as(a),
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      direction: 'outgoing',
      aiGenerated: false,
      content: 'Hi Ana!',
      customerName: added.body.name,
    });

    // A retry with the same Idempotency-Key answers the first reply and stores nothing more.
    const retried = () =>
      call<MessageResponse>(`${api}/api/messages/reply`, {
        body: { customerId: added.body.id, content: 'Your table is booked.' },
        headers: { 'idempotency-key': 'booking-42' },
        ...as(a),
      });
    const [first, again] = [await retried(), await retried()];
    expect(first.status).toBe(201);
    expect(again).toMatchObject({ status: 201, body: { id: first.body.id, content: 'Your table is booked.' } });
    const thread = await call<MessageResponse[]>(`${api}/api/messages?customerId=${added.body.id}`, as(a));
    expect(thread.body.map((m) => m.content)).toEqual(['Your table is booked.', 'Hi Ana!']);
  });

  it('pages lists with a keyset cursor and searches server-side', async () => {
    const first = await fetch(`${api}/api/messages?limit=2`, { headers: as(a) });
    const page1 = (await first.json()) as MessageResponse[];
    expect(page1).toHaveLength(2);
    const cursor = first.headers.get(LIST_NEXT_CURSOR_HEADER);
    expect(cursor).toBeTruthy();
    const page2 = (await call<MessageResponse[]>(`${api}/api/messages?limit=2&cursor=${cursor}`, as(a))).body;
    expect(page2.map((m) => m.id)).not.toContain(page1[0].id);
    expect(Date.parse(page2[0].timestamp)).toBeLessThanOrEqual(Date.parse(page1[1].timestamp));
    expect((await call(`${api}/api/messages?limit=501`, as(a))).status).toBe(400);
    expect((await call(`${api}/api/messages?cursor=garbage`, as(a))).status).toBe(400);
    const found = (await call<MessageResponse[]>(`${api}/api/messages?q=LINEN%20SHIRT`, as(a))).body;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((m) => m.content.toLowerCase().includes('linen shirt'))).toBe(true);
    const pending = (await call<MessageResponse[]>(`${api}/api/messages?status=pending`, as(a))).body;
    expect(pending.every((m) => m.status === 'pending')).toBe(true);
  });

  it("searches message text anywhere in a word, in any language, only among the owner's messages", async () => {
    const texts = [
      'Do you sell the Bluetooth speaker in green?',
      '¿Tienen el CAMIÓN de juguete en stock?',
      'هل لديكم سماعات بلوتوث؟',
      'Order #A-77 still not here (2 weeks!)',
      'ok',
    ];
    const customerOf = async (owner: { id: string }, username: string) =>
      (
        await sql<{ id: string }>(
          infra.env.DATABASE_URL,
          `insert into messaging_service.customers (id, owner_id, name, platform, platform_username)
           values (gen_random_uuid(), $1, 'Searcher', 'instagram', $2) returning id`,
          [owner.id, username],
        )
      )[0].id;
    const store = async (owner: { id: string }, customerId: string, content: string) =>
      sql(
        infra.env.DATABASE_URL,
        `insert into messaging_service.messages (id, owner_id, customer_id, platform, content, direction)
         values (gen_random_uuid(), $1, $2, 'instagram', $3, 'incoming')`,
        [owner.id, customerId, content],
      );
    const mine = await customerOf(a, 'searcher.a');
    const theirs = await customerOf(b, 'searcher.b');
    for (const text of texts) {
      await store(a, mine, text);
      await store(b, theirs, text);
    }
    const search = async (q: string) =>
      (
        await call<MessageResponse[]>(
          `${api}/api/messages?customerId=${mine}&q=${encodeURIComponent(q)}`,
          as(a),
        )
      ).body;

    for (const [q, expected] of [
      ['bluetooth', texts[0]],
      ['UETOO', texts[0]],
      ['speaker in gr', texts[0]],
      ['camión', texts[1]],
      ['mión de', texts[1]],
      ['بلوتوث', texts[2]],
      ['#a-77', texts[3]],
      ['(2 weeks!)', texts[3]],
      ['ok', texts[4]],
    ] as const) {
      const found = await search(q);
      expect({ q, found: found.map((m) => m.content) }).toEqual({ q, found: [expected] });
      expect(found[0].customerId).toBe(mine);
    }
    for (const q of ['camion', 'bluetooth green', '100%', 'a_7']) expect(await search(q)).toEqual([]);
    // B's identical messages are B's alone.
    const mineEverywhere = await call<MessageResponse[]>(`${api}/api/messages?q=bluetooth`, as(a));
    expect(mineEverywhere.body.every((m) => m.customerId !== theirs)).toBe(true);
  });

  it('pages through rows written within one millisecond without skipping or repeating any', async () => {
    const [customer] = await sql<{ id: string }>(
      infra.env.DATABASE_URL,
      `insert into messaging_service.customers (id, owner_id, name, platform, platform_username)
       values (gen_random_uuid(), $1, 'Same Milli', 'whatsapp', '+34600000001') returning id`,
      [a.id],
    );
    const written = await sql<{ id: string }>(
      infra.env.DATABASE_URL,
      `insert into messaging_service.messages (id, owner_id, customer_id, platform, content, direction, timestamp)
       select gen_random_uuid(), $1, $2, 'whatsapp', 'tick ' || n, 'incoming',
              timestamptz '2026-01-02 03:04:05.123000+00' + n * interval '1 microsecond'
         from generate_series(1, 3) n
       returning id`,
      [a.id, customer.id],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await fetch(
        `${api}/api/messages?customerId=${customer.id}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
        { headers: as(a) },
      );
      const items = (await res.json()) as MessageResponse[];
      seen.push(...items.map((m) => m.id));
      expect(items.every((m) => m.timestamp === '2026-01-02T03:04:05.123Z')).toBe(true);
      cursor = res.headers.get(LIST_NEXT_CURSOR_HEADER);
    } while (cursor && seen.length < 10);
    expect(seen.sort()).toEqual(written.map((m) => m.id).sort());
  });

  it('tests the agent without storing anything, and refuses before setup', async () => {
    const before = await sql(
      infra.env.DATABASE_URL,
      'select count(*)::int as n from messaging_service.messages',
    );
    const answer = await call(`${api}/api/ai/test-agent`, {
      body: { message: 'What are your opening hours?', platform: 'test' },
      ...as(a),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      response: expect.any(String),
      analysis: {
        intent: expect.any(String),
        urgency: expect.any(String),
        lead_potential: expect.any(String),
      },
    });
    expect(
      await sql(infra.env.DATABASE_URL, 'select count(*)::int as n from messaging_service.messages'),
    ).toEqual(before);
    const notSetUp = await call(`${api}/api/ai/test-agent`, {
      body: { message: 'hi', platform: 'test' },
      ...as(b),
    });
    expect(notSetUp.status).toBe(400);
    expect(notSetUp.body).toMatchObject({
      code: 'SETUP_REQUIRED',
      message: expect.stringContaining('business setup'),
    });
  });

  it('stops replying at the API call limit, keeps the message pending, and answers 429 to the test chat', async () => {
    await sql(
      infra.env.DATABASE_URL,
      'update billing_service.accounts set api_calls_limit = api_calls_used where owner_id = $1',
      [a.id],
    );
    const sent = await call<{ messageId: string; customerId: string }>(`${api}/api/simulate-message`, {
      body: {
        platform: 'instagram',
        content: 'Are you open on Sunday?',
        platformUsername: 'late.one',
        senderName: 'Late',
      },
      ...as(a),
    });
    await new Promise((r) => setTimeout(r, 1500));
    const thread = (
      await call<MessageResponse[]>(`${api}/api/messages?customerId=${sent.body.customerId}`, as(a))
    ).body;
    expect(thread).toEqual([expect.objectContaining({ status: 'pending', direction: 'incoming' })]);
    const limited = await call(`${api}/api/ai/test-agent`, {
      body: { message: 'hi', platform: 'test' },
      ...as(a),
    });
    expect(limited.status).toBe(429);
    const usage = await call(`${api}/api/usage`, as(a));
    expect(usage.body).toMatchObject({ remaining: 0, warningLevel: 3 });

    // The message waits for the allowance: the reconciler leaves it alone while the owner has no calls…
    const reconciler = messagingApp().get(ReplyReconciler);
    const schedule = jest.spyOn(messagingApp().get(ReplyQueue), 'schedule');
    const scheduledForIt = () =>
      schedule.mock.calls.filter(([job]) => job.messageId === sent.body.messageId).length;
    const waiting = () =>
      sql(infra.env.DATABASE_URL, 'select 1 from messaging_service.allowance_waits where message_id = $1', [
        sent.body.messageId,
      ]);
    expect(await waiting()).toHaveLength(1);
    await reconciler.run(-3600);
    expect(scheduledForIt()).toBe(0);
    // …and schedules it once when the allowance grows (here: the limit raised, as a refill would).
    await sql(
      infra.env.DATABASE_URL,
      'update billing_service.accounts set api_calls_limit = api_calls_used + 10 where owner_id = $1',
      [a.id],
    );
    await reconciler.run(-3600);
    expect(scheduledForIt()).toBe(1);
    schedule.mockRestore();
    expect(await waiting()).toHaveLength(0);
    const answered = await until('the reply once calls are back', async () => {
      const res = await call<MessageResponse[]>(`${api}/api/messages?customerId=${sent.body.customerId}`, as(a));
      return res.body.length === 2 ? res.body : undefined;
    });
    expect(answered.map((m) => m.direction).sort()).toEqual(['incoming', 'outgoing']);
  });

  it('asks for a session on every owner route and on /ws', async () => {
    for (const path of ['/api/messages', '/api/customers', '/api/stats', '/api/usage', '/api/ai-config']) {
      expect((await call(`${api}${path}`)).status).toBe(401);
    }
    const ws = new WebSocket(`${api.replace('http', 'ws')}/ws`, { headers: { origin } });
    const status = await new Promise<number>((resolve) =>
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(401);
    const evil = new WebSocket(`${api.replace('http', 'ws')}/ws`, {
      headers: { cookie: a.cookie, origin: 'https://evil.example' },
    });
    expect(
      await new Promise<number>((resolve) =>
        evil.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
      ),
    ).toBe(403);
  });
});
