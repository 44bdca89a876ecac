import { randomUUID } from 'node:crypto';
import {
  type CustomerResponse,
  EMAIL_SUBJECTS,
  type EmailSequenceResponse,
  type EmailTemplateResponse,
  ErrorCode,
  MESSAGING_SUBJECTS,
  type SubscriberResponse,
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
import { SequenceRunner } from '../apps/marketing-service/src/sequences/sequence-runner';
import { messagingServiceModule } from '../apps/messaging-service/src/app.module';
import { MessagingConfig } from '../apps/messaging-service/src/config/messaging.config';

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
    config = loadConfig(MarketingConfig, { ...env, EMAIL_SEQUENCE_TICK_MS: '3600000' });
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

  const as = (ownerId: string) => ({ actor: { userId: ownerId } });
  const send = <T>(subject: string, ownerId: string, data: unknown) =>
    client.send<T>(subject, data, as(ownerId));
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as { code: ErrorCode; message: string; details?: Record<string, unknown> },
    );
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
    const [listed] = (
      JSON.parse(
        Buffer.from((await client.sendRaw(EMAIL_SUBJECTS.sequences.list, {}, as(owner))).body).toString(
          'utf8',
        ),
      ) as EmailSequenceResponse[]
    ).filter((s) => s.id === sequence.id);
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
    const listed = await client.sendRaw(EMAIL_SUBJECTS.sequences.list, {}, as(b));
    expect(JSON.parse(Buffer.from(listed.body).toString('utf8'))).toEqual([]);
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
});
