import { generateKeyPairSync, randomUUID } from 'node:crypto';
import {
  type CampaignResponse,
  EMAIL_SUBJECTS,
  type EmailCampaignProgressData,
  ErrorCode,
  MESSAGING_SUBJECTS,
  type OwnerEvent,
  REALTIME_SUBJECT,
  type SubscriberResponse,
  workspaceActor,
} from '@parley/contracts';
import { connectNats, loadConfig, ServiceClient, type ServiceApp } from '@parley/server-kit';
import { createTestInfra, type SmtpSink, startSmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import { Redis } from 'ioredis';
import { JSONCodec, type NatsConnection } from 'nats';
import { Client } from 'pg';
import { MarketingConfig } from '../apps/marketing-service/src/config/marketing.config';
import { EmailDeliveryProcessor } from '../apps/marketing-service/src/sending/email-delivery.processor';
import { SendingReconciler } from '../apps/marketing-service/src/sending/sending.reconciler';
import { verifyDkim } from './dkim';
import { type Stack, startStack } from './start-stack';

const CAMPAIGN = { name: 'Spring sale', subject: '20% off', htmlContent: '<h1>Sale</h1>' };
const RETRY_MS = 300;
/** The key pair DKIM signs with: the private key in the configuration, the public one as DNS would publish it. */
const DKIM_KEYS = generateKeyPairSync('rsa', { modulusLength: 2048 });

/**
 * marketing-service sending campaigns, over NATS, with the services it asks (messaging-service has the
 * sender's name and address) on real PostgreSQL, NATS, Redis and Bull, and a local SMTP server.
 */
describe('sending campaigns', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let config: MarketingConfig;
  let stack: Stack;
  let service: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;
  let redis: Redis;
  const events: OwnerEvent[] = [];

  beforeAll(async () => {
    infra = await createTestInfra();
    smtp = await startSmtpSink();
    const env = {
      ...infra.env,
      SMTP_URL: smtp.url,
      PUBLIC_URL: 'https://parley.example.com',
      EMAIL_RETRY_DELAY_MS: String(RETRY_MS),
      // Above the 1 500 mails of the campaign larger than a page (the rate test works from whatever it is).
      EMAIL_RATE_PER_MINUTE: '5000',
      DKIM_DOMAIN: 'parley.example.com',
      DKIM_SELECTOR: 'test2026',
      // As a one-line env file holds it.
      DKIM_PRIVATE_KEY: DKIM_KEYS.privateKey
        .export({ type: 'pkcs8', format: 'pem' })
        .toString()
        .replace(/\n/g, '\\n'),
    };
    config = loadConfig(MarketingConfig, env);
    stack = await startStack(env);
    service = stack.services.get('marketing-service') as ServiceApp;
    nc = await connectNats(config.NATS_URL, 'sending-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    const codec = JSONCodec();
    nc.subscribe(`${config.NATS_PREFIX}${REALTIME_SUBJECT}`, {
      callback: (_error, msg) => events.push(codec.decode(msg.data) as OwnerEvent),
    });
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    redis = new Redis(config.REDIS_URL);
  }, 30_000);

  afterAll(async () => {
    redis?.disconnect();
    await db?.end();
    await nc?.drain();
    await stack?.stop();
    await smtp?.close();
    await infra?.cleanup();
  });

  const as = (ownerId: string) => ({ actor: workspaceActor(ownerId) });
  const send = <T>(subject: string, ownerId: string, data: unknown) => client.send<T>(subject, data, as(ownerId));
  const C = EMAIL_SUBJECTS.campaigns;
  const mailsTo = (address: string) => smtp.mails.filter((m) => m.to.includes(address));

  /** An owner with these subscribers (an address ending in `!status` is stored with that status). */
  async function ownerWith(...addresses: string[]) {
    const ownerId = randomUUID();
    const subscribers: SubscriberResponse[] = [];
    for (const entry of addresses) {
      const [email, status] = entry.split('!');
      const subscriber = await send<SubscriberResponse>(EMAIL_SUBJECTS.subscribers.create, ownerId, { email });
      if (status) {
        await db.query('update marketing_service.email_subscribers set status = $2 where id = $1', [
          subscriber.id,
          status,
        ]);
      }
      subscribers.push(subscriber);
    }
    return { ownerId, subscribers };
  }

  async function campaign(ownerId: string, id: string) {
    const { rows } = await db.query<{ status: string; sent_count: number; total_recipients: number }>(
      'select status, sent_count, total_recipients from marketing_service.email_campaigns where id = $1',
      [id],
    );
    return rows[0];
  }

  async function deliveries(campaignId: string) {
    const { rows } = await db.query<{ email: string; status: string; attempts: number; error_message: string | null }>(
      `select s.email, d.status, d.attempts, d.error_message from marketing_service.email_deliveries d
         join marketing_service.email_subscribers s on s.id = d.subscriber_id
        where d.campaign_id = $1 order by s.email`,
      [campaignId],
    );
    return rows;
  }

  const sentOf = (ownerId: string, id: string) =>
    until(`campaign ${id} sent`, async () => ((await campaign(ownerId, id)).status === 'sent' ? true : undefined));

  it('sends each subscribed subscriber the campaign once, never the unsubscribed or bounced, and a retried job sends nothing', async () => {
    const tag = randomUUID().slice(0, 8);
    const { ownerId } = await ownerWith(
      `ana-${tag}@example.com`,
      `ben-${tag}@example.com`,
      `cy-${tag}@example.com`,
      `gone-${tag}@example.com!unsubscribed`,
      `dead-${tag}@example.com!bounced`,
    );
    const created = await send<CampaignResponse>(C.create, ownerId, CAMPAIGN);
    const started = await send<CampaignResponse>(C.send, ownerId, { id: created.id });
    expect(started).toMatchObject({ totalRecipients: 3 });
    await sentOf(ownerId, created.id);
    expect(await campaign(ownerId, created.id)).toEqual({ status: 'sent', sent_count: 3, total_recipients: 3 });
    for (const name of ['ana', 'ben', 'cy']) expect(mailsTo(`${name}-${tag}@example.com`)).toHaveLength(1);
    expect(mailsTo(`gone-${tag}@example.com`)).toHaveLength(0);
    expect(mailsTo(`dead-${tag}@example.com`)).toHaveLength(0);
    const [mail] = mailsTo(`ana-${tag}@example.com`);
    expect(mail.subject).toBe('20% off');
    expect(mail.raw).toMatch(/^Message-ID: <[0-9a-f-]{36}@parley\.example\.com>/m);

    // Every job of the campaign run again, as Bull would after a stall: no one gets it twice.
    const { rows } = await db.query<{ id: string }>(
      'select id from marketing_service.email_deliveries where campaign_id = $1',
      [created.id],
    );
    const processor = service.app.get(EmailDeliveryProcessor);
    for (const { id } of rows) {
      await processor.deliver({ data: { deliveryId: id, ownerId }, attemptsMade: 0, opts: { attempts: 5 } });
    }
    // And as a page: the batch job run again (a stall, or the reconciler's page queued twice) sends nothing.
    await processor.deliverBatch({ data: { deliveryIds: rows.map(({ id }) => id), ownerId } });
    for (const name of ['ana', 'ben', 'cy']) expect(mailsTo(`${name}-${tag}@example.com`)).toHaveLength(1);
    expect(await campaign(ownerId, created.id)).toEqual({ status: 'sent', sent_count: 3, total_recipients: 3 });
    expect(await send(C.send, ownerId, { id: created.id }).catch((e: { code: string }) => e.code)).toBe(
      ErrorCode.Conflict,
    );
  });

  it('never sends again a delivery a killed worker left mid-send: the reconciler marks it failed', async () => {
    const tag = randomUUID().slice(0, 8);
    const { ownerId } = await ownerWith(`kim-${tag}@example.com`);
    const created = await send<CampaignResponse>(C.create, ownerId, CAMPAIGN);
    // As a worker that claimed the delivery and died in the SMTP conversation leaves it.
    await db.query(`update marketing_service.email_campaigns set status = 'sending' where id = $1`, [created.id]);
    const [subscriber] = (
      await db.query<{ id: string }>('select id from marketing_service.email_subscribers where owner_id = $1', [
        ownerId,
      ])
    ).rows;
    const deliveryId = randomUUID();
    await db.query(
      `insert into marketing_service.email_deliveries (id, owner_id, campaign_id, subscriber_id, status, attempts, claimed_at)
       values ($1, $2, $3, $4, 'sending', 1, now() - interval '11 minutes')`,
      [deliveryId, ownerId, created.id, subscriber.id],
    );
    const processor = service.app.get(EmailDeliveryProcessor);
    await processor.deliver({ data: { deliveryId, ownerId }, attemptsMade: 1, opts: { attempts: 5 } });
    await service.app.get(SendingReconciler).run();
    expect(mailsTo(`kim-${tag}@example.com`)).toHaveLength(0);
    expect(await deliveries(created.id)).toEqual([
      expect.objectContaining({ status: 'failed', error_message: expect.stringMatching(/^Interrupted/) }),
    ]);
    expect((await campaign(ownerId, created.id)).status).toBe('sent');
  });

  it('queues a campaign larger than a page of ids (Redis lost its jobs): the reconciler sends every pending one once', async () => {
    const tag = randomUUID().slice(0, 8);
    const ownerId = randomUUID();
    const count = 1500; // more than PENDING_PAGE (1 000): two pages
    await db.query(
      `insert into marketing_service.email_subscribers (id, owner_id, email)
       select gen_random_uuid(), $1, 'many-' || n || '-' || $2 || '@example.com' from generate_series(1, $3) n`,
      [ownerId, tag, count],
    );
    const created = await send<CampaignResponse>(C.create, ownerId, CAMPAIGN);
    // As a send whose jobs Redis lost: the campaign is sending, its deliveries pending, no job anywhere.
    await db.query(
      `update marketing_service.email_campaigns set status = 'sending', total_recipients = $2 where id = $1`,
      [created.id, count],
    );
    await db.query(
      `insert into marketing_service.email_deliveries (id, owner_id, campaign_id, subscriber_id)
       select gen_random_uuid(), owner_id, $2, id from marketing_service.email_subscribers where owner_id = $1`,
      [ownerId, created.id],
    );
    await service.app.get(SendingReconciler).run();
    await until('the campaign sent', async () => ((await campaign(ownerId, created.id)).status === 'sent' ? 1 : undefined), 120_000);
    const ours = smtp.mails.filter((m) => m.to.some((to) => to.startsWith('many-') && to.endsWith(`-${tag}@example.com`)));
    expect(ours).toHaveLength(count);
    expect(new Set(ours.map((m) => m.to[0])).size).toBe(count);
    expect(await campaign(ownerId, created.id)).toEqual({ status: 'sent', sent_count: count, total_recipients: count });
  }, 150_000);

  it('retries a 4xx with backoff, fails it with the reason at the last try, and bounces a 5xx', async () => {
    const tag = randomUUID().slice(0, 8);
    const later = `later-${tag}@example.com`;
    const never = `never-${tag}@example.com`;
    const unknown = `unknown-${tag}@example.com`;
    smtp.refuse(later, 451, '4.7.1 Greylisted, try again later', 2);
    smtp.refuse(never, 452, '4.2.2 Mailbox full');
    smtp.refuse(unknown, 550, '5.1.1 No such user');
    const { ownerId } = await ownerWith(later, never, unknown);
    const created = await send<CampaignResponse>(C.create, ownerId, CAMPAIGN);
    await send(C.send, ownerId, { id: created.id });
    await until('the campaign done', async () => ((await campaign(ownerId, created.id)).status === 'sent' ? 1 : undefined), 15_000);
    expect(await deliveries(created.id)).toEqual([
      { email: later, status: 'sent', attempts: 3, error_message: null },
      { email: never, status: 'failed', attempts: 5, error_message: expect.stringContaining('Mailbox full') },
      { email: unknown, status: 'bounced', attempts: 1, error_message: expect.stringContaining('No such user') },
    ]);
    expect(mailsTo(later)).toHaveLength(1);
    expect(await campaign(ownerId, created.id)).toMatchObject({ sent_count: 1, total_recipients: 3 });
    const { rows } = await db.query<{ status: string }>(
      'select status from marketing_service.email_subscribers where email = $1',
      [unknown],
    );
    expect(rows).toEqual([{ status: 'bounced' }]);
  }, 20_000);

  it('pauses between mails and resumes where it stopped', async () => {
    const tag = randomUUID().slice(0, 8);
    const slow = `slow-${tag}@example.com`;
    smtp.refuse(slow, 451, '4.3.2 Try later');
    const { ownerId } = await ownerWith(`fast-${tag}@example.com`, slow);
    const created = await send<CampaignResponse>(C.create, ownerId, CAMPAIGN);
    await send(C.send, ownerId, { id: created.id });
    await until('the first refusal', async () =>
      (await deliveries(created.id)).some((d) => d.error_message !== null) ? true : undefined,
    );
    expect(await send<CampaignResponse>(C.pause, ownerId, { id: created.id })).toMatchObject({ status: 'paused' });
    smtp.refuse(slow, 451, '4.3.2 Try later', 0);
    await new Promise((r) => setTimeout(r, RETRY_MS * 3)); // the retry comes and finds the campaign paused
    expect(mailsTo(slow)).toHaveLength(0);
    expect((await campaign(ownerId, created.id)).status).toBe('paused');
    expect(await send<CampaignResponse>(C.resume, ownerId, { id: created.id })).toMatchObject({ status: 'sending' });
    await sentOf(ownerId, created.id);
    expect(mailsTo(slow)).toHaveLength(1);
    expect(mailsTo(`fast-${tag}@example.com`)).toHaveLength(1);
    expect(await send(C.resume, ownerId, { id: created.id }).catch((e: { code: string }) => e.code)).toBe(
      ErrorCode.Conflict,
    );
  });

  it('starts a campaign whose scheduledAt is ahead at that time', async () => {
    const tag = randomUUID().slice(0, 8);
    const { ownerId } = await ownerWith(`soon-${tag}@example.com`);
    const at = new Date(Date.now() + 1500).toISOString();
    const created = await send<CampaignResponse>(C.create, ownerId, { ...CAMPAIGN, scheduledAt: at });
    expect(await send<CampaignResponse>(C.send, ownerId, { id: created.id })).toMatchObject({ status: 'scheduled' });
    expect(mailsTo(`soon-${tag}@example.com`)).toHaveLength(0);
    await sentOf(ownerId, created.id);
    expect(mailsTo(`soon-${tag}@example.com`)).toHaveLength(1);
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(at));
  });

  it('sends a test mail to one address, counting nothing', async () => {
    const { ownerId } = await ownerWith();
    const created = await send<CampaignResponse>(C.create, ownerId, CAMPAIGN);
    const to = `owner-${randomUUID().slice(0, 8)}@example.com`;
    expect(await send(C.test, ownerId, { id: created.id, changes: { email: to } })).toEqual({ sent: true });
    expect(mailsTo(to)).toHaveLength(1);
    expect(await campaign(ownerId, created.id)).toEqual({ status: 'draft', sent_count: 0, total_recipients: 0 });
    expect(await deliveries(created.id)).toEqual([]);
    expect(
      await send(C.test, randomUUID(), { id: created.id, changes: { email: to } }).catch((e: { code: string }) => e.code),
    ).toBe(ErrorCode.NotFound);
  });

  it("keeps to the owner's rate per minute, and other owners do not wait", async () => {
    const tag = randomUUID().slice(0, 8);
    const { ownerId } = await ownerWith(...[1, 2, 3, 4, 5].map((n) => `r${n}-${tag}@example.com`));
    const other = await ownerWith(`other-${tag}@example.com`);
    // The owner has used all but two of this minute's mails, and all of the next minute's.
    const minute = Math.floor(Date.now() / 60_000);
    const limit = config.EMAIL_RATE_PER_MINUTE;
    await redis.set(`${config.REDIS_PREFIX}:email-rate:${ownerId}:${minute}`, String(limit - 2), 'PX', 120_000);
    await redis.set(`${config.REDIS_PREFIX}:email-rate:${ownerId}:${minute + 1}`, String(limit), 'PX', 180_000);
    const created = await send<CampaignResponse>(C.create, ownerId, CAMPAIGN);
    const otherCampaign = await send<CampaignResponse>(C.create, other.ownerId, CAMPAIGN);
    await send(C.send, ownerId, { id: created.id });
    await send(C.send, other.ownerId, { id: otherCampaign.id });
    await sentOf(other.ownerId, otherCampaign.id);
    await until('two mails', async () => ((await campaign(ownerId, created.id)).sent_count === 2 ? true : undefined));
    await new Promise((r) => setTimeout(r, 500));
    expect(await campaign(ownerId, created.id)).toMatchObject({ status: 'sending', sent_count: 2 });
    expect((await deliveries(created.id)).filter((d) => d.status === 'pending')).toHaveLength(3);
  });

  it("signs the mail with the business's name and postal address from its AI configuration, an unsubscribe link and DKIM", async () => {
    const tag = randomUUID().slice(0, 8);
    const to = `mia-${tag}@example.com`;
    const { ownerId } = await ownerWith(to);
    await send(MESSAGING_SUBJECTS.saveAiConfig, ownerId, {
      companyName: 'Olive & Thread',
      companyDescription: 'Linen clothes.',
      address: 'Rua Augusta 1, 1100-048 Lisboa',
    });
    const created = await send<CampaignResponse>(C.create, ownerId, {
      ...CAMPAIGN,
      subject: 'For {{ firstName | default: "you" }}',
      htmlContent: '<p onclick="x()">Hello {{ firstName | default: "there" }}</p><script>alert(1)</script>',
    });
    await send(C.send, ownerId, { id: created.id });
    const { mail, link } = await smtp.linkFor(to, /https:\/\/parley\.example\.com\/api\/email\/unsubscribe\/[\w.-]+/);
    expect(mail.subject).toBe('For you');
    const headers = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^From: "?Olive & Thread"? <no-reply@parley\.local>/m);
    expect(headers).toMatch(new RegExp(`^List-Unsubscribe:\\s+<${link.replace(/[.]/g, '\\.')}>`, 'm'));
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    // Signed with the configured DKIM key, over the headers that matter: verified against the public key as a
    // receiving server would, and a changed subject or body no longer verifies.
    const dkim = verifyDkim(mail.raw, DKIM_KEYS.publicKey);
    expect(dkim).toMatchObject({ bodyHashMatches: true, signatureValid: true });
    expect(dkim.tags).toMatchObject({ d: 'parley.example.com', s: 'test2026' });
    expect(dkim.tags.h.toLowerCase().split(':')).toEqual(
      expect.arrayContaining(['from', 'to', 'subject', 'message-id', 'list-unsubscribe']),
    );
    expect(verifyDkim(mail.raw.replace(/^Subject: .*$/m, 'Subject: For someone else'), DKIM_KEYS.publicKey))
      .toMatchObject({ bodyHashMatches: true, signatureValid: false });
    expect(verifyDkim(mail.raw.replace(/(\r?\n\r?\n)/, '$1Changed. '), DKIM_KEYS.publicKey)).toMatchObject({
      bodyHashMatches: false,
    });
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(verifyDkim(mail.raw, otherKey).signatureValid).toBe(false);
    expect(mail.text).toContain('Rua Augusta 1, 1100-048 Lisboa');
    expect(mail.text).toContain('<p>Hello there</p>');
    expect(mail.text).not.toMatch(/<script|onclick/);
  });

  it("tells the owner's pages its progress over /ws, a few events rather than one per mail, the last one done", async () => {
    const tag = randomUUID().slice(0, 8);
    const { ownerId } = await ownerWith(...[1, 2, 3, 4, 5, 6].map((n) => `p${n}-${tag}@example.com`));
    const created = await send<CampaignResponse>(C.create, ownerId, CAMPAIGN);
    await send(C.send, ownerId, { id: created.id });
    const progressOf = () =>
      events
        .filter((e) => e.ownerId === ownerId && e.event.type === 'email_campaign_progress')
        .map((e) => e.event.data as unknown as EmailCampaignProgressData);
    const done = await until('the done event', async () => progressOf().find((p) => p.status === 'sent'));
    expect(done).toEqual({
      campaignId: created.id,
      status: 'sent',
      totalRecipients: 6,
      sentCount: 6,
      openCount: 0,
      clickCount: 0,
      sentAt: expect.any(String),
    });
    await new Promise((r) => setTimeout(r, 1200)); // a trailing event of the last second may still come
    const all = progressOf();
    expect(all.length).toBeLessThan(6);
    expect(all.map((p) => p.sentCount)).toEqual([...all.map((p) => p.sentCount)].sort((x, y) => x - y));
  });
});
