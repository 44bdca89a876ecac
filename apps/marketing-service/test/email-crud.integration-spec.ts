import { randomUUID } from 'node:crypto';
import {
  type CampaignResponse,
  EMAIL_SUBJECTS,
  type EmailSummaryResponse,
  type EmailTemplateResponse,
  ErrorCode,
  PAGE_NEXT_CURSOR_HEADER,
  type SubscriberResponse,
  workspaceActor,
} from '@parley/contracts';
import { connectNats, createServiceApp, loadConfig, ServiceClient, type ServiceApp } from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { marketingServiceModule } from '../src/app.module';
import { MarketingConfig } from '../src/config/marketing.config';

const TEMPLATE = { name: 'Welcome', subject: 'Welcome aboard', htmlContent: '<p>Hi</p>', templateType: 'welcome' };
const CAMPAIGN = { name: 'Spring sale', subject: '20% off', htmlContent: '<h1>Sale</h1>' };

describe('email templates, campaigns and subscribers (real PostgreSQL and NATS)', () => {
  let infra: TestInfra;
  let service: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(MarketingConfig, infra.env);
    service = await createServiceApp('marketing-service', marketingServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'email-crud-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  }, 30_000);

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await service?.app.close();
    await infra?.cleanup();
  });

  const as = (ownerId: string) => ({ actor: workspaceActor(ownerId) });
  const send = <T>(subject: string, ownerId: string, data: unknown) => client.send<T>(subject, data, as(ownerId));
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error as { code: ErrorCode; message: string; details?: Record<string, unknown> },
    );

  async function list<T>(subject: string, ownerId: string, query: Record<string, unknown> = {}) {
    const answer = await client.sendRaw(subject, query, as(ownerId));
    return {
      items: JSON.parse(Buffer.from(answer.body).toString('utf8')) as T[],
      nextCursor: answer.header(PAGE_NEXT_CURSOR_HEADER),
    };
  }

  describe('templates', () => {
    const T = EMAIL_SUBJECTS.templates;

    it('stores each spec type and lists them newest first, in pages', async () => {
      const owner = randomUUID();
      for (const templateType of ['welcome', 'newsletter', 'promotional', 'follow_up']) {
        await send(T.create, owner, { ...TEMPLATE, name: templateType, templateType });
      }
      const first = await list<EmailTemplateResponse>(T.list, owner, { limit: 3 });
      expect(first.items.map((t) => t.name)).toEqual(['follow_up', 'promotional', 'newsletter']);
      const second = await list<EmailTemplateResponse>(T.list, owner, { limit: 3, cursor: first.nextCursor });
      expect(second.items.map((t) => t.name)).toEqual(['welcome']);
      expect(second.nextCursor).toBeUndefined();
      expect(second.items[0]).toMatchObject({ ...TEMPLATE, name: 'welcome', textContent: null, isActive: true });
      expect((await list(T.list, randomUUID())).items).toEqual([]);
    });

    it.each([
      [{ ...TEMPLATE, name: ' ' }, 'Template name is required', 'name'],
      [{ ...TEMPLATE, subject: '' }, 'Subject is required', 'subject'],
      [{ ...TEMPLATE, htmlContent: undefined }, 'Email content is required', 'htmlContent'],
      [
        { ...TEMPLATE, templateType: 'follow-up' },
        'Template type must be one of: welcome, newsletter, promotional, follow_up',
        'templateType',
      ],
      [
        { ...TEMPLATE, htmlContent: '<p>{% if vip %}Hello</p>' },
        expect.stringMatching(/^Email content has a template error: /),
        'htmlContent',
      ],
    ])('refuses %j with the spec message, storing nothing', async (body, message, field) => {
      const owner = randomUUID();
      expect(await failure(send(T.create, owner, body))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message,
        details: { field },
      });
      expect((await list(T.list, owner)).items).toEqual([]);
    });

    it("changes only the fields sent, and another owner's or a malformed id is not found", async () => {
      const owner = randomUUID();
      const template = await send<EmailTemplateResponse>(T.create, owner, TEMPLATE);
      const changed = await send<EmailTemplateResponse>(T.update, owner, {
        id: template.id,
        changes: { subject: 'Hello there', isActive: false },
      });
      expect(changed).toMatchObject({ ...TEMPLATE, subject: 'Hello there', isActive: false });
      for (const [who, id] of [
        [randomUUID(), template.id],
        [owner, 'not-a-uuid'],
        [owner, randomUUID()],
      ]) {
        expect(await failure(send(T.update, who, { id, changes: { name: 'x' } }))).toMatchObject({
          code: ErrorCode.NotFound,
        });
        expect(await failure(send(T.delete, who, { id }))).toMatchObject({ code: ErrorCode.NotFound });
      }
      expect(await send(T.delete, owner, { id: template.id })).toEqual({ id: template.id });
      expect((await list(T.list, owner)).items).toEqual([]);
    });
  });

  describe('campaigns', () => {
    const C = EMAIL_SUBJECTS.campaigns;

    it('is a draft, or scheduled with a scheduledAt, and its templateId must be the owner’s', async () => {
      const owner = randomUUID();
      const template = await send<EmailTemplateResponse>(EMAIL_SUBJECTS.templates.create, owner, TEMPLATE);
      const draft = await send<CampaignResponse>(C.create, owner, { ...CAMPAIGN, templateId: template.id });
      expect(draft).toMatchObject({
        ...CAMPAIGN,
        templateId: template.id,
        status: 'draft',
        scheduledAt: null,
        totalRecipients: 0,
        sentCount: 0,
        openCount: 0,
        clickCount: 0,
      });
      const scheduled = await send<CampaignResponse>(C.create, owner, {
        ...CAMPAIGN,
        scheduledAt: '2030-03-01T09:00:00Z',
      });
      expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: '2030-03-01T09:00:00.000Z' });

      const stranger = randomUUID();
      expect(await failure(send(C.create, stranger, { ...CAMPAIGN, templateId: template.id }))).toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Email template not found',
      });
      expect(await failure(send(C.create, owner, { ...CAMPAIGN, templateId: '12' }))).toMatchObject({
        code: ErrorCode.NotFound,
      });
      expect(await failure(send(C.create, owner, { ...CAMPAIGN, name: '' }))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'Campaign name is required',
      });
      expect((await list(C.list, stranger)).items).toEqual([]);
      expect((await list<CampaignResponse>(C.list, owner)).items.map((c) => c.id)).toEqual([
        scheduled.id,
        draft.id,
      ]);
    });

    it('keeps a sent campaign’s content (409) but lets it be renamed; a sending one cannot be deleted', async () => {
      const owner = randomUUID();
      const campaign = await send<CampaignResponse>(C.create, owner, CAMPAIGN);
      const scheduled = await send<CampaignResponse>(C.update, owner, {
        id: campaign.id,
        changes: { scheduledAt: '2031-01-01T00:00:00Z' },
      });
      expect(scheduled.status).toBe('scheduled');
      const draft = await send<CampaignResponse>(C.update, owner, {
        id: campaign.id,
        changes: { scheduledAt: null },
      });
      expect(draft.status).toBe('draft');

      await db.query(`update marketing_service.email_campaigns set status = 'sent' where id = $1`, [campaign.id]);
      expect(
        await failure(send(C.update, owner, { id: campaign.id, changes: { htmlContent: '<p>new</p>' } })),
      ).toMatchObject({ code: ErrorCode.Conflict, message: 'This campaign is sent: its content can no longer change' });
      expect(
        await send<CampaignResponse>(C.update, owner, { id: campaign.id, changes: { name: 'Spring sale 2030' } }),
      ).toMatchObject({ name: 'Spring sale 2030', htmlContent: CAMPAIGN.htmlContent, status: 'sent' });

      await db.query(`update marketing_service.email_campaigns set status = 'sending' where id = $1`, [campaign.id]);
      expect(await failure(send(C.delete, owner, { id: campaign.id }))).toMatchObject({ code: ErrorCode.Conflict });
      expect(await failure(send(C.delete, randomUUID(), { id: campaign.id }))).toMatchObject({
        code: ErrorCode.NotFound,
      });
    });
  });

  describe('subscribers', () => {
    const S = EMAIL_SUBJECTS.subscribers;

    it('holds one subscriber per address per owner, whatever its case', async () => {
      const owner = randomUUID();
      const lea = await send<SubscriberResponse>(S.create, owner, {
        email: 'Lea@Example.com',
        firstName: 'Léa',
        tags: ['vip'],
      });
      expect(lea).toMatchObject({
        email: 'lea@example.com',
        firstName: 'Léa',
        lastName: null,
        status: 'subscribed',
        source: 'manual',
        tags: ['vip'],
        unsubscribedAt: null,
      });
      expect(await failure(send(S.create, owner, { email: 'LEA@example.COM' }))).toMatchObject({
        code: ErrorCode.Conflict,
        details: { field: 'email' },
      });
      // Another owner may have the same address.
      await send(S.create, randomUUID(), { email: 'lea@example.com' });
      const tom = await send<SubscriberResponse>(S.create, owner, { email: 'tom@example.com' });
      expect(await failure(send(S.update, owner, { id: tom.id, changes: { email: 'LEA@example.com' } }))).toMatchObject({
        code: ErrorCode.Conflict,
      });
      expect(await failure(send(S.create, owner, { email: 'not an address' }))).toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: 'Valid email is required',
      });
      expect((await list<SubscriberResponse>(S.list, owner)).items.map((s) => s.email)).toEqual([
        'tom@example.com',
        'lea@example.com',
      ]);
      expect(await failure(send(S.delete, randomUUID(), { id: tom.id }))).toMatchObject({ code: ErrorCode.NotFound });
      expect(await send(S.delete, owner, { id: tom.id })).toEqual({ id: tom.id });
    });
  });

  it('sums the cards: campaigns, subscribed subscribers, sent, and opens over sent as a rounded percent', async () => {
    const owner = randomUUID();
    expect(await send<EmailSummaryResponse>(EMAIL_SUBJECTS.summary, owner, {})).toEqual({
      totalCampaigns: 0,
      subscribers: 0,
      emailsSent: 0,
      openRate: 0,
    });
    const a = await send<CampaignResponse>(EMAIL_SUBJECTS.campaigns.create, owner, CAMPAIGN);
    const b = await send<CampaignResponse>(EMAIL_SUBJECTS.campaigns.create, owner, CAMPAIGN);
    await send(EMAIL_SUBJECTS.campaigns.create, randomUUID(), CAMPAIGN);
    await db.query(`update marketing_service.email_campaigns set sent_count = 3, open_count = 1 where id = $1`, [a.id]);
    await db.query(`update marketing_service.email_campaigns set sent_count = 3, open_count = 1 where id = $1`, [b.id]);
    await send(EMAIL_SUBJECTS.subscribers.create, owner, { email: 'a@example.com' });
    const gone = await send<SubscriberResponse>(EMAIL_SUBJECTS.subscribers.create, owner, { email: 'b@example.com' });
    await db.query(`update marketing_service.email_subscribers set status = 'unsubscribed' where id = $1`, [gone.id]);
    expect(await send<EmailSummaryResponse>(EMAIL_SUBJECTS.summary, owner, {})).toEqual({
      totalCampaigns: 2,
      subscribers: 1,
      emailsSent: 6,
      openRate: 33,
    });
  });
});
