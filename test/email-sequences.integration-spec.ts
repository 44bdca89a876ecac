import { randomUUID } from 'node:crypto';
import {
  type CampaignResponse,
  type ConversationResponse,
  type CustomerResponse,
  EMAIL_SUBJECTS,
  type EmailSequenceResponse,
  type EmailTemplateResponse,
  ErrorCode,
  type IngestMessageResult,
  MESSAGING_SUBJECTS,
  type MessageResponse,
  type StatsResponse,
  type SubscriberResponse,
  workspaceActor,
} from '@parley/contracts';
import {
  Clock,
  connectNats,
  createServiceApp,
  loadConfig,
  ServiceClient,
  type ServiceApp,
} from '@parley/server-kit';
import {
  createTestInfra,
  type SmtpSink,
  startSmtpSink,
  type TestInfra,
  until,
} from '@parley/server-kit/testing';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { marketingServiceModule } from '../apps/marketing-service/src/app.module';
import { MarketingConfig } from '../apps/marketing-service/src/config/marketing.config';
import { ThreadCopies } from '../apps/marketing-service/src/sending/thread-copies';
import { SequenceRunner } from '../apps/marketing-service/src/sequences/sequence-runner';
import { messagingServiceModule } from '../apps/messaging-service/src/app.module';
import { MessagingConfig } from '../apps/messaging-service/src/config/messaging.config';
import { RepliesQueries } from '../apps/messaging-service/src/replies/replies.queries';
import { POTENTIAL_RANK, stageMoves } from '../apps/messaging-service/src/replies/reply-rules';

const HOUR = 3_600_000;

/** The sequences' time: the test moves it instead of waiting days. */
class TestClock extends Clock {
  at = new Date('2027-03-01T09:00:00Z');
  now(): Date {
    return new Date(this.at);
  }
  advance(ms: number): void {
    this.at = new Date(this.at.getTime() + ms);
  }
}

/**
 * Email sequences over NATS on real PostgreSQL, NATS, Redis and Bull, a local SMTP server, and
 * messaging-service (the sender's name, customers, their stage events); the sequences' clock is the test's.
 */
describe('email sequences', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let config: MarketingConfig;
  let marketing: ServiceApp;
  let messaging: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;
  const clock = new TestClock();

  const startMarketing = () =>
    createServiceApp('marketing-service', marketingServiceModule(config, clock), config);

  beforeAll(async () => {
    infra = await createTestInfra();
    smtp = await startSmtpSink();
    const env = { ...infra.env, SMTP_URL: smtp.url, PUBLIC_URL: 'https://parley.example.com' };
    // The runner passes when the test says (run()), never on its own timer.
    // Customer events (stages, leads) are taken every 200 ms.
    config = loadConfig(MarketingConfig, {
      ...env,
      EMAIL_SEQUENCE_TICK_MS: '3600000',
      EMAIL_TRIGGER_POLL_MS: '200',
    });
    const messagingConfig = loadConfig(MessagingConfig, env);
    messaging = await createServiceApp(
      'messaging-service',
      messagingServiceModule(messagingConfig),
      messagingConfig,
    );
    marketing = await startMarketing();
    nc = await connectNats(config.NATS_URL, 'sequences-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  }, 60_000);

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await marketing?.app.close();
    await messaging?.app.close();
    await smtp?.close();
    await infra?.cleanup();
  });

  const as = (ownerId: string) => ({ actor: workspaceActor(ownerId) });
  const send = <T>(subject: string, ownerId: string, data: unknown) =>
    client.send<T>(subject, data, as(ownerId));
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as { code: ErrorCode; message: string; details?: Record<string, unknown> },
    );
  /** A list answered as a raw page (a JSON array, the cursor in a header). */
  const page = async <T>(subject: string, ownerId: string, data: unknown) =>
    JSON.parse(Buffer.from((await client.sendRaw(subject, data, as(ownerId))).body).toString('utf8')) as T[];
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));
  const subjectsTo = (address: string) => mailsTo(address).map((m) => m.subject);
  const run = () => marketing.app.get(SequenceRunner).run();

  /** The queued mails went out (or nothing was queued): no delivery of the owner is pending or sending. */
  const settled = (ownerId: string) =>
    until('the sequence mails sent', async () => {
      const { rows } = await db.query(
        `select 1 from marketing_service.email_deliveries where owner_id = $1 and status in ('pending', 'sending')`,
        [ownerId],
      );
      return rows.length === 0 ? true : undefined;
    });

  async function template(ownerId: string, subject: string) {
    return send<EmailTemplateResponse>(EMAIL_SUBJECTS.templates.create, ownerId, {
      name: subject,
      subject,
      htmlContent: `<p>${subject} for {{ firstName | default: "you" }}</p>`,
      templateType: 'follow_up',
    });
  }

  async function sequenceOf(ownerId: string, body: Record<string, unknown>) {
    return send<EmailSequenceResponse>(EMAIL_SUBJECTS.sequences.create, ownerId, body);
  }

  async function enrolments(subscriberId: string) {
    const { rows } = await db.query<{ status: string; next_step: number }>(
      'select status, next_step from marketing_service.email_sequence_enrolments where subscriber_id = $1',
      [subscriberId],
    );
    return rows;
  }

  it('moves each new subscriber through the steps on time, once per step, across a restart', async () => {
    const owner = randomUUID();
    const tag = randomUUID().slice(0, 8);
    const before = `before-${tag}@example.com`;
    await send(EMAIL_SUBJECTS.subscribers.create, owner, { email: before });
    const [hello, later] = [await template(owner, 'Hello'), await template(owner, 'Two days on')];
    const sequence = await sequenceOf(owner, {
      name: 'Welcome series',
      triggerType: 'subscriber_added',
      isActive: true,
      steps: [{ templateId: hello.id }, { delayDays: 1, delayHours: 2, templateId: later.id }],
    });
    expect(sequence).toMatchObject({
      name: 'Welcome series',
      triggerType: 'subscriber_added',
      triggerStage: null,
      isActive: true,
      steps: [
        { stepOrder: 1, delayDays: 0, delayHours: 0, templateId: hello.id },
        { stepOrder: 2, delayDays: 1, delayHours: 2, templateId: later.id },
      ],
    });

    const ada = `ada-${tag}@example.com`;
    const subscriber = await send<SubscriberResponse>(EMAIL_SUBJECTS.subscribers.create, owner, {
      email: ada,
      firstName: 'Ada',
    });
    await run();
    await run(); // a second pass finds nothing due
    await settled(owner);
    expect(subjectsTo(ada)).toEqual(['Hello']);
    expect(mailsTo(ada)[0].text).toContain('Hello for Ada');
    // Someone who was a subscriber before the sequence was switched on does not start it.
    expect(mailsTo(before)).toHaveLength(0);

    // The service stops and starts again: the schedule is in PostgreSQL.
    await marketing.app.close();
    marketing = await startMarketing();

    clock.advance(26 * HOUR - 60_000);
    await run();
    await settled(owner);
    expect(subjectsTo(ada)).toEqual(['Hello']);
    clock.advance(60_000);
    await run();
    await run();
    await settled(owner);
    expect(subjectsTo(ada)).toEqual(['Hello', 'Two days on']);
    expect(await enrolments(subscriber.id)).toEqual([{ status: 'completed', next_step: 2 }]);

    clock.advance(30 * 24 * HOUR);
    await run();
    await settled(owner);
    expect(subjectsTo(ada)).toEqual(['Hello', 'Two days on']);
    const [listed] = (await page<EmailSequenceResponse>(EMAIL_SUBJECTS.sequences.list, owner, {})).filter(
      (s) => s.id === sequence.id,
    );
    expect(listed).toMatchObject({ activeSubscribers: 0, completedSubscribers: 1 });
  });

  it('stops for a subscriber who unsubscribes, and for everyone when the sequence is switched off', async () => {
    const owner = randomUUID();
    const tag = randomUUID().slice(0, 8);
    const [first, second] = [await template(owner, 'First'), await template(owner, 'Second')];
    const sequence = await sequenceOf(owner, {
      name: 'Drip',
      triggerType: 'subscriber_added',
      isActive: true,
      steps: [{ templateId: first.id }, { delayHours: 3, templateId: second.id }],
    });
    const [leaves, stays, late] = [
      `leaves-${tag}@example.com`,
      `stays-${tag}@example.com`,
      `late-${tag}@example.com`,
    ];
    const leaving = await send<SubscriberResponse>(EMAIL_SUBJECTS.subscribers.create, owner, {
      email: leaves,
    });
    const staying = await send<SubscriberResponse>(EMAIL_SUBJECTS.subscribers.create, owner, {
      email: stays,
    });
    await run();
    await settled(owner);
    expect([subjectsTo(leaves), subjectsTo(stays)]).toEqual([['First'], ['First']]);

    await client.send(EMAIL_SUBJECTS.unsubscribe, { subscriberId: leaving.id });
    expect(await enrolments(leaving.id)).toEqual([{ status: 'stopped', next_step: 2 }]);
    const off = await send<EmailSequenceResponse>(EMAIL_SUBJECTS.sequences.update, owner, {
      id: sequence.id,
      changes: { isActive: false },
    });
    expect(off).toMatchObject({ isActive: false, activeSubscribers: 0 });
    // Added while it is off: not started.
    await send(EMAIL_SUBJECTS.subscribers.create, owner, { email: late });
    clock.advance(4 * HOUR);
    await run();
    await settled(owner);
    expect([subjectsTo(leaves), subjectsTo(stays), subjectsTo(late)]).toEqual([['First'], ['First'], []]);
    expect(await enrolments(staying.id)).toEqual([{ status: 'stopped', next_step: 2 }]);
  });

  it("starts from a customer's stage and new lead, for the subscriber made from that customer", async () => {
    const owner = randomUUID();
    const tag = randomUUID().slice(0, 8);
    const email = `cora-${tag}@example.com`;
    const customer = await send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, {
      name: 'Cora Diaz',
      email,
    });
    const nurture = await template(owner, 'Glad you are interested');
    await sequenceOf(owner, {
      name: 'Nurture',
      triggerType: 'stage_reached',
      triggerStage: 'qualified',
      isActive: true,
      steps: [{ delayHours: 1, templateId: nurture.id }],
    });
    const subscriber = await send<SubscriberResponse>(EMAIL_SUBJECTS.subscribers.create, owner, {
      email,
      firstName: 'Cora',
      customerId: customer.id,
    });
    expect(subscriber).toMatchObject({ customerId: customer.id, source: 'conversation' });

    // Another stage starts nothing; the sequence's stage does, once, however often it is reached.
    await send(MESSAGING_SUBJECTS.updateCustomer, owner, {
      id: customer.id,
      changes: { stage: 'interested' },
    });
    for (let i = 0; i < 2; i++) {
      await send(MESSAGING_SUBJECTS.updateCustomer, owner, {
        id: customer.id,
        changes: { stage: 'qualified' },
      });
    }
    await until('the stage started the sequence', async () =>
      (await enrolments(subscriber.id)).length > 0 ? true : undefined,
    );
    clock.advance(HOUR);
    await run();
    await settled(owner);
    expect(subjectsTo(email)).toEqual(['Glad you are interested']);
    expect(await enrolments(subscriber.id)).toEqual([{ status: 'completed', next_step: 1 }]);
  });

  it("keeps each owner's sequences to themselves", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const hello = await template(a, 'Hello');
    const sequence = await sequenceOf(a, {
      name: 'Mine',
      triggerType: 'subscriber_added',
      steps: [{ templateId: hello.id }],
    });
    expect(sequence.isActive).toBe(false);
    // B can neither use A's template nor see, change or delete A's sequence.
    expect(
      await failure(
        sequenceOf(b, { name: 'Theirs', triggerType: 'new_lead', steps: [{ templateId: hello.id }] }),
      ),
    ).toMatchObject({ code: ErrorCode.NotFound, message: 'Email template not found' });
    for (const [subject, data] of [
      [EMAIL_SUBJECTS.sequences.update, { id: sequence.id, changes: { isActive: true } }],
      [EMAIL_SUBJECTS.sequences.delete, { id: sequence.id }],
    ] as const) {
      expect(await failure(send(subject, b, data))).toMatchObject({ code: ErrorCode.NotFound });
    }
    expect(await page(EMAIL_SUBJECTS.sequences.list, b, {})).toEqual([]);
    // Nor make a subscriber of A's customer.
    const customer = await send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, a, {
      name: 'Dee',
      email: 'dee@example.com',
    });
    expect(
      await failure(
        send(EMAIL_SUBJECTS.subscribers.create, b, { email: 'dee@example.com', customerId: customer.id }),
      ),
    ).toMatchObject({ code: ErrorCode.NotFound });
    // Bad input names the field and stores nothing.
    expect(
      await failure(
        sequenceOf(a, { name: 'x', triggerType: 'stage_reached', steps: [{ templateId: hello.id }] }),
      ),
    ).toMatchObject({ code: ErrorCode.ValidationFailed, details: { field: 'triggerStage' } });
    expect(
      await failure(sequenceOf(a, { name: 'x', triggerType: 'subscriber_added', steps: [] })),
    ).toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: 'A sequence needs at least one step',
      details: { field: 'steps' },
    });
    expect(
      await failure(
        sequenceOf(a, {
          name: 'x',
          triggerType: 'subscriber_added',
          steps: [{ templateId: hello.id, delayHours: 24 }],
        }),
      ),
    ).toMatchObject({ code: ErrorCode.ValidationFailed, details: { field: 'steps.0.delayHours' } });
    const { rows } = await db.query(
      'select name from marketing_service.email_sequences where owner_id = $1',
      [a],
    );
    expect(rows).toEqual([{ name: 'Mine' }]);
  });

  /** A customer who wrote (a simulated message, left for a person: the AI does not answer on its own here). */
  async function customerWhoWrote(ownerId: string, name: string): Promise<IngestMessageResult> {
    await send(MESSAGING_SUBJECTS.saveAiConfig, ownerId, {
      companyName: 'Olive & Thread',
      companyDescription: 'Linen clothes.',
      autoRespond: false,
    });
    return send<IngestMessageResult>(MESSAGING_SUBJECTS.ingestMessage, ownerId, {
      platform: 'instagram',
      content: 'I want two linen shirts, how much?',
      platformUsername: `${name.toLowerCase()}-${randomUUID().slice(0, 6)}`,
      senderName: name,
    });
  }

  /** The AI's reply to the message, stored by the statement the reply job uses, rating the customer high. */
  async function aiAnswersHighly(messageId: string): Promise<void> {
    const stored = await messaging.app.get(RepliesQueries).store(
      [
        {
          messageId,
          replyId: randomUUID(),
          content: 'A shirt is 45 €.',
          metadata: {},
          needsHuman: false,
          interest: null,
          potential: POTENTIAL_RANK.high,
          opensLead: true,
          status: 'simulated',
          movesStage: true,
          evidence: { messageId, quote: 'I want a shirt', intent: 'purchase_intent', leadPotential: 'high' },
        },
      ],
      stageMoves(),
    );
    expect(stored).toEqual([{ messageId, leadId: expect.any(String) }]);
  }

  const thread = (ownerId: string, customerId: string) =>
    page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, ownerId, { customerId });

  it('starts from the stage the AI moved the customer to, and from the lead its reply opened', async () => {
    const owner = randomUUID();
    const email = `ivy-${randomUUID().slice(0, 8)}@example.com`;
    const wrote = await customerWhoWrote(owner, 'Ivy');
    const [qualified, lead] = [
      await template(owner, 'You are qualified'),
      await template(owner, 'A new lead'),
    ];
    await sequenceOf(owner, {
      name: 'Qualified',
      triggerType: 'stage_reached',
      triggerStage: 'qualified',
      isActive: true,
      steps: [{ templateId: qualified.id }],
    });
    await sequenceOf(owner, {
      name: 'Leads',
      triggerType: 'new_lead',
      isActive: true,
      steps: [{ templateId: lead.id }],
    });
    const subscriber = await send<SubscriberResponse>(EMAIL_SUBJECTS.subscribers.create, owner, {
      email,
      customerId: wrote.customerId,
    });

    await aiAnswersHighly(wrote.messageId);
    const customer = await send<CustomerResponse>(MESSAGING_SUBJECTS.getCustomer, owner, {
      id: wrote.customerId,
    });
    expect(customer.stage).toBe('qualified');
    await until('both sequences started', async () =>
      (await enrolments(subscriber.id)).length === 2 ? true : undefined,
    );
    await run();
    await settled(owner);
    expect(subjectsTo(email).sort()).toEqual(['A new lead', 'You are qualified']);
    // Handled events are acknowledged: none waits in messaging-service.
    await until('the events acknowledged', async () => {
      const { rows } = await db.query('select 1 from messaging_service.customer_events where owner_id = $1', [
        owner,
      ]);
      return rows.length === 0 ? true : undefined;
    });
  });

  it('starts a stage sequence for a stage reached while marketing-service was down, once it is back', async () => {
    const owner = randomUUID();
    const email = `jo-${randomUUID().slice(0, 8)}@example.com`;
    const customer = await send<CustomerResponse>(MESSAGING_SUBJECTS.createCustomer, owner, {
      name: 'Jo',
      email,
    });
    const step = await template(owner, 'Welcome back');
    await sequenceOf(owner, {
      name: 'Converted',
      triggerType: 'stage_reached',
      triggerStage: 'converted',
      isActive: true,
      steps: [{ templateId: step.id }],
    });
    const subscriber = await send<SubscriberResponse>(EMAIL_SUBJECTS.subscribers.create, owner, {
      email,
      customerId: customer.id,
    });

    await marketing.app.close();
    try {
      await send(MESSAGING_SUBJECTS.updateCustomer, owner, {
        id: customer.id,
        changes: { stage: 'converted' },
      });
      await new Promise((r) => setTimeout(r, 500));
      expect(await enrolments(subscriber.id)).toEqual([]);
    } finally {
      marketing = await startMarketing();
    }
    await until('the stage started the sequence', async () =>
      (await enrolments(subscriber.id)).length > 0 ? true : undefined,
    );
    await run();
    await settled(owner);
    expect(subjectsTo(email)).toEqual(['Welcome back']);
  });

  it("shows the subscriber's campaign and sequence mails in their customer's thread, as email, not as chat", async () => {
    const owner = randomUUID();
    const email = `kim-${randomUUID().slice(0, 8)}@example.com`;
    const wrote = await customerWhoWrote(owner, 'Kim');
    const before = await send<ConversationResponse>(MESSAGING_SUBJECTS.getConversation, owner, {
      customerId: wrote.customerId,
    });
    const statsBefore = await send<StatsResponse>(MESSAGING_SUBJECTS.getStats, owner, {});
    const hello = await template(owner, 'Hello from the shop');
    await sequenceOf(owner, {
      name: 'Welcome',
      triggerType: 'subscriber_added',
      isActive: true,
      steps: [{ templateId: hello.id }],
    });
    // One subscriber made from the customer, one who is not anyone's customer.
    await send(EMAIL_SUBJECTS.subscribers.create, owner, {
      email,
      firstName: 'Kim',
      customerId: wrote.customerId,
    });
    await send(EMAIL_SUBJECTS.subscribers.create, owner, { email: `other-${email}` });
    await run();
    const campaign = await send<CampaignResponse>(EMAIL_SUBJECTS.campaigns.create, owner, {
      name: 'Spring',
      subject: 'Spring sale, {{ firstName }}',
      htmlContent: '<p>Everything 20% off, <a href="https://shop.example/sale">see it</a>.</p>',
    });
    await send(EMAIL_SUBJECTS.campaigns.send, owner, { id: campaign.id });
    await settled(owner);

    const items = await until('both mails in the thread', async () => {
      const listed = (await thread(owner, wrote.customerId)).filter((m) => m.email);
      return listed.length === 2 ? listed : undefined;
    });
    expect(items.map((m) => m.email?.subject).sort()).toEqual(['Hello from the shop', 'Spring sale, Kim']);
    const spring = items.find((m) => m.email?.subject === 'Spring sale, Kim');
    expect(spring).toMatchObject({
      direction: 'outgoing',
      status: 'sent',
      aiGenerated: false,
      customerId: wrote.customerId,
      content: 'Everything 20% off, see it [https://shop.example/sale].',
    });
    // The thread's copy has no tracking: opening it from the inbox counts no click.
    expect(spring?.content).not.toContain('/api/email/click/');
    // Only the customer's thread shows them: not the Messages list, the stats, nor the conversation's order.
    const all = await page<MessageResponse>(MESSAGING_SUBJECTS.listMessages, owner, {});
    expect(all.filter((m) => m.email)).toEqual([]);
    expect((await send<StatsResponse>(MESSAGING_SUBJECTS.getStats, owner, {})).totalMessages).toBe(
      statsBefore.totalMessages,
    );
    const after = await send<ConversationResponse>(MESSAGING_SUBJECTS.getConversation, owner, {
      customerId: wrote.customerId,
    });
    expect(after.lastActivityAt).toBe(before.lastActivityAt);
    expect(after.lastMessage).toEqual(before.lastMessage);
    // Handed over: nothing waits in marketing-service.
    const { rows: waiting } = await db.query(
      'select 1 from marketing_service.email_thread_items where owner_id = $1',
      [owner],
    );
    expect(waiting).toEqual([]);

    // One messaging-service did not take (it was away) is handed over by the next pass, once.
    const { rows: spare } = await db.query<{ id: string }>(
      `select d.id from marketing_service.email_deliveries d
         join marketing_service.email_subscribers s on s.id = d.subscriber_id
        where d.campaign_id = $1 and s.customer_id = $2`,
      [campaign.id, wrote.customerId],
    );
    await db.query(`delete from messaging_service.messages where id = $1`, [spare[0].id]);
    await db.query(
      `insert into marketing_service.email_thread_items (delivery_id, owner_id, customer_id, subject, content, sent_at)
       values ($1, $2, $3, 'Spring sale, Kim', 'Everything 20% off.', now())`,
      [spare[0].id, owner, wrote.customerId],
    );
    expect(await marketing.app.get(ThreadCopies).run(0)).toBe(1);
    expect(await marketing.app.get(ThreadCopies).run(0)).toBe(0);
    expect((await thread(owner, wrote.customerId)).filter((m) => m.email)).toHaveLength(2);
  });
});
