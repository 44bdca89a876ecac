import {
  type CampaignResponse,
  type CampaignResultsResponse,
  type EmailAudienceResponse,
  type EmailTemplateResponse,
  LIST_NEXT_CURSOR_HEADER,
  type SubscriberResponse,
} from '@parley/contracts';
import { type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const TEMPLATE = { name: 'Welcome', subject: 'Welcome aboard', htmlContent: '<p>Hi</p>', templateType: 'welcome' };
const CAMPAIGN = { name: 'Spring sale', subject: '20% off', htmlContent: '<h1>Sale</h1>' };

/** Email marketing through the gateway: HTTP, the session cookie, marketing-service over NATS. */
describe('email marketing through the gateway', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let a: { cookie: string; id: string };
  let b: { cookie: string; id: string };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack());
    api = `${stack.url}/api/email`;
    a = await signedInOwner(stack.url, smtp, 'ana@olive.example');
    b = await signedInOwner(stack.url, smtp, 'bob@other.example');
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  const as = (owner: { cookie: string }) => ({ cookie: owner.cookie });

  it('refuses every route without a session', async () => {
    const id = '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c';
    for (const [method, path] of [
      ['GET', 'summary'],
      ['GET', 'templates'],
      ['POST', 'templates'],
      ['PATCH', `campaigns/${id}`],
      ['DELETE', `subscribers/${id}`],
    ] as const) {
      const res = await call(`${api}/${path}`, { method, body: method === 'GET' ? undefined : {} });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 });
    }
  });

  it('creates, lists in pages, changes and deletes each kind, the owner’s only', async () => {
    const template = await call<EmailTemplateResponse>(`${api}/templates`, { body: TEMPLATE, ...as(a) });
    expect(template.status).toBe(201);
    const campaign = await call<CampaignResponse>(`${api}/campaigns`, {
      body: { ...CAMPAIGN, templateId: template.body.id },
      ...as(a),
    });
    expect(campaign).toMatchObject({ status: 201, body: { status: 'draft', templateId: template.body.id } });
    for (const email of ['one@example.com', 'two@example.com', 'three@example.com']) {
      expect((await call(`${api}/subscribers`, { body: { email }, ...as(a) })).status).toBe(201);
    }
    const page = await call<SubscriberResponse[]>(`${api}/subscribers?limit=2`, as(a));
    expect(page.body.map((s) => s.email)).toEqual(['three@example.com', 'two@example.com']);
    const cursor = page.headers.get(LIST_NEXT_CURSOR_HEADER) ?? '';
    const rest = await call<SubscriberResponse[]>(`${api}/subscribers?limit=2&cursor=${cursor}`, as(a));
    expect(rest.body.map((s) => s.email)).toEqual(['one@example.com']);
    expect(rest.headers.get(LIST_NEXT_CURSOR_HEADER)).toBeNull();

    // Bob sees none of it, and Ana's ids are not found for him, like malformed ones.
    for (const kind of ['templates', 'campaigns', 'subscribers']) {
      expect((await call(`${api}/${kind}`, as(b))).body).toEqual([]);
    }
    for (const [path, changes] of [
      [`templates/${template.body.id}`, { name: 'x' }],
      [`campaigns/${campaign.body.id}`, { name: 'x' }],
      ['subscribers/12', { firstName: 'x' }],
    ] as const) {
      for (const method of ['PATCH', 'DELETE'] as const) {
        const body = method === 'PATCH' ? changes : undefined;
        const res = await call(`${api}/${path}`, { method, body, ...as(b) });
        expect({ path, method, status: res.status }).toEqual({ path, method, status: 404 });
      }
    }
    const foreign = await call(`${api}/campaigns`, { body: { ...CAMPAIGN, templateId: template.body.id }, ...as(b) });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', message: 'Email template not found' } });

    const renamed = await call<EmailTemplateResponse>(`${api}/templates/${template.body.id}`, {
      method: 'PATCH',
      body: { name: 'Hello' },
      ...as(a),
    });
    expect(renamed).toMatchObject({ status: 200, body: { name: 'Hello', subject: TEMPLATE.subject } });
    expect(
      (await call(`${api}/campaigns/${campaign.body.id}`, { method: 'DELETE', ...as(a) })).body,
    ).toEqual({ id: campaign.body.id });

    expect((await call(`${api}/summary`, as(a))).body).toEqual({
      totalCampaigns: 0,
      subscribers: 3,
      emailsSent: 0,
      openRate: 0,
    });
  });

  it('answers bad input with a 400 naming the field, and a taken address with a 409', async () => {
    const bad = await call(`${api}/templates`, { body: { ...TEMPLATE, templateType: 'sale' }, ...as(a) });
    expect(bad).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        field: 'templateType',
        message: 'Template type must be one of: welcome, newsletter, promotional, follow_up',
      },
    });
    const noName = await call(`${api}/campaigns`, { body: { ...CAMPAIGN, name: '' }, ...as(a) });
    expect(noName).toMatchObject({ status: 400, body: { field: 'name', message: 'Campaign name is required' } });
    const noEmail = await call(`${api}/subscribers`, { body: { email: 'nope' }, ...as(a) });
    expect(noEmail).toMatchObject({ status: 400, body: { field: 'email', message: 'Valid email is required' } });
    await call(`${api}/subscribers`, { body: { email: 'dup@example.com' }, ...as(a) });
    const taken = await call(`${api}/subscribers`, { body: { email: 'DUP@Example.com' }, ...as(a) });
    expect(taken).toMatchObject({ status: 409, body: { code: 'CONFLICT', field: 'email' } });

    const campaign = await call<CampaignResponse>(`${api}/campaigns`, { body: CAMPAIGN, ...as(a) });
    await sql(infra.env.DATABASE_URL, `update marketing_service.email_campaigns set status = 'sent' where id = $1`, [
      campaign.body.id,
    ]);
    const late = await call(`${api}/campaigns/${campaign.body.id}`, {
      method: 'PATCH',
      body: { subject: 'Changed' },
      ...as(a),
    });
    expect(late).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
  });

  it('sends a campaign to the SMTP server, a test mail to one address, and refuses a second send', async () => {
    for (const email of ['s1@example.com', 's2@example.com']) {
      await call(`${api}/subscribers`, { body: { email }, ...as(b) });
    }
    const campaign = await call<CampaignResponse>(`${api}/campaigns`, { body: CAMPAIGN, ...as(b) });
    const test = await call(`${api}/campaigns/${campaign.body.id}/test`, { body: { email: 'me@other.example' }, ...as(b) });
    expect(test).toMatchObject({ status: 200, body: { sent: true } });
    await smtp.linkFor('me@other.example', /Sale/);
    expect((await call(`${api}/campaigns/${campaign.body.id}/send`, { method: 'POST', ...as(a) })).status).toBe(404);
    const sent = await call<CampaignResponse>(`${api}/campaigns/${campaign.body.id}/send`, { method: 'POST', ...as(b) });
    expect(sent).toMatchObject({ status: 200, body: { totalRecipients: 2 } });
    await smtp.linkFor('s1@example.com', /Sale/);
    await smtp.linkFor('s2@example.com', /Sale/);
    const again = await call(`${api}/campaigns/${campaign.body.id}/send`, { method: 'POST', ...as(b) });
    expect(again.status).toBe(409);
    const summary = await until('both counted', async () => {
      const { body } = await call<{ emailsSent: number }>(`${api}/summary`, as(b));
      return body.emailsSent === 2 ? body : undefined;
    });
    expect(summary).toEqual({ totalCampaigns: 1, subscribers: 2, emailsSent: 2, openRate: 0 });
  });

  describe('unsubscribing from a mail, without signing in', () => {
    const LINK = /http:\/\/127\.0\.0\.1:\d+\/api\/email\/unsubscribe\/[\w.-]+/;

    async function subscriberOf(email: string) {
      const [row] = await sql<{ status: string; unsubscribed_at: Date | null; unsubscribed_campaign_id: string | null }>(
        infra.env.DATABASE_URL,
        `select status, unsubscribed_at, unsubscribed_campaign_id from marketing_service.email_subscribers
          where owner_id = $1 and email = $2`,
        [a.id, email],
      );
      return row;
    }

    async function mailedLink(email: string) {
      await call(`${api}/subscribers`, { body: { email }, ...as(a) });
      const campaign = await call<CampaignResponse>(`${api}/campaigns`, { body: CAMPAIGN, ...as(a) });
      await call(`${api}/campaigns/${campaign.body.id}/send`, { method: 'POST', ...as(a) });
      return { campaignId: campaign.body.id, link: (await smtp.linkFor(email, LINK)).link };
    }

    it('unsubscribes at the link, once, with a page in the reader’s language', async () => {
      const { campaignId, link } = await mailedLink('uma@example.com');
      const res = await fetch(link, { headers: { 'accept-language': 'es-ES,es;q=0.9' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain('<html lang="es" dir="ltr">');
      expect(html).toContain('Te has dado de baja.');
      const first = await subscriberOf('uma@example.com');
      expect(first).toMatchObject({ status: 'unsubscribed', unsubscribed_campaign_id: campaignId });

      const again = await fetch(link, { headers: { 'accept-language': 'ar' } });
      expect(again.status).toBe(200);
      expect(await again.text()).toContain('<html lang="ar" dir="rtl">');
      expect(await subscriberOf('uma@example.com')).toEqual(first);

      // The next campaign leaves them out.
      const next = await call<CampaignResponse>(`${api}/campaigns`, { body: CAMPAIGN, ...as(a) });
      const sent = await call<CampaignResponse>(`${api}/campaigns/${next.body.id}/send`, { method: 'POST', ...as(a) });
      const [{ count }] = await sql<{ count: number }>(
        infra.env.DATABASE_URL,
        `select count(*)::int as count from marketing_service.email_deliveries d
           join marketing_service.email_subscribers s on s.id = d.subscriber_id
          where d.campaign_id = $1 and s.email = 'uma@example.com'`,
        [sent.body.id],
      );
      expect(count).toBe(0);
    });

    it("takes the mail client's one-click POST (RFC 8058) with no cookie and no Origin", async () => {
      const { link } = await mailedLink('omar@example.com');
      const res = await fetch(link, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('You have been unsubscribed.');
      expect((await subscriberOf('omar@example.com')).status).toBe('unsubscribed');
      const twice = await fetch(link, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
      expect(twice.status).toBe(200);
    });

    it('refuses a forged or altered link with a 404 page, changing nothing', async () => {
      const { link } = await mailedLink('fay@example.com');
      const mac = link.slice(-22);
      const altered = `${link.slice(0, -22)}${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
      const otherSubscriber = link.replace(/unsubscribe\/[0-9a-f]/, (m) => m.slice(0, -1) + (m.endsWith('0') ? '1' : '0'));
      for (const forged of [altered, otherSubscriber, `${stack.url}/api/email/unsubscribe/nope`]) {
        for (const method of ['GET', 'POST']) {
          const res = await fetch(forged, { method });
          expect({ forged, method, status: res.status }).toEqual({ forged, method, status: 404 });
          expect(await res.text()).toContain('This unsubscribe link is not valid.');
        }
      }
      expect((await subscriberOf('fay@example.com')).status).toBe('subscribed');
    });
  });

  describe('opens and clicks, through signed links', () => {
    const OPEN = /http:\/\/127\.0\.0\.1:\d+\/api\/email\/open\/[\w.-]+/;
    const CLICK = /http:\/\/127\.0\.0\.1:\d+\/api\/email\/click\/[\w.-]+\?url=[^"\s\]<>]+/;
    const SHOP = 'https://shop.example/sale?x=1';

    async function campaignOf(id: string) {
      const { body } = await call<CampaignResponse[]>(`${api}/campaigns?limit=500`, as(a));
      return body.find((c) => c.id === id);
    }

    it('sends to the tagged audience, counts each first open and click, and redirects only to the mail’s links', async () => {
      for (const email of ['tia@example.com', 'tom@example.com']) {
        await call(`${api}/subscribers`, { body: { email, tags: ['Tracked'] }, ...as(a) });
      }
      const audience = await call<EmailAudienceResponse>(`${api}/audience?tags=tracked,nobody`, as(a));
      expect(audience).toMatchObject({ status: 200, body: { recipients: 2 } });
      expect(audience.body.tags).toContain('Tracked');
      expect((await call<EmailAudienceResponse>(`${api}/audience?tags=tracked`, as(b))).body.recipients).toBe(0);

      const campaign = await call<CampaignResponse>(`${api}/campaigns`, {
        body: { ...CAMPAIGN, htmlContent: `<p>Sale</p><a href="${SHOP}">Shop</a>`, audienceTags: ['tracked'] },
        ...as(a),
      });
      expect(campaign.body.audienceTags).toEqual(['tracked']);
      const sent = await call<CampaignResponse>(`${api}/campaigns/${campaign.body.id}/send`, { method: 'POST', ...as(a) });
      expect(sent).toMatchObject({ status: 200, body: { totalRecipients: 2 } });
      const tia = (await smtp.linkFor('tia@example.com', OPEN)).mail.text;
      const tom = (await smtp.linkFor('tom@example.com', CLICK)).mail.text;
      const [tiaOpen, tiaClick, tomClick] = [OPEN.exec(tia)?.[0], CLICK.exec(tia)?.[0], CLICK.exec(tom)?.[0]];
      expect(new URL(String(tiaClick)).searchParams.get('url')).toBe(SHOP);

      // Tia opens twice and clicks twice; Tom clicks with images off (a click is an open).
      for (let i = 0; i < 2; i++) {
        const pixel = await fetch(String(tiaOpen));
        expect(pixel.status).toBe(200);
        expect(pixel.headers.get('content-type')).toBe('image/gif');
        const click = await fetch(String(tiaClick), { redirect: 'manual' });
        expect({ status: click.status, location: click.headers.get('location') }).toEqual({ status: 302, location: SHOP });
      }
      expect((await fetch(String(tomClick), { redirect: 'manual' })).status).toBe(302);

      // Forged, altered or foreign links: a 404 page, no redirect, nothing counted.
      const token = String(tiaClick).split('?')[0];
      const tomToken = String(tomClick).split('?')[0];
      for (const forged of [
        `${token}?url=${encodeURIComponent('https://evil.example/')}`,
        `${token}?url=${encodeURIComponent(`${SHOP}&y=2`)}`,
        `${token}`,
        `${tomToken.slice(0, -1)}${tomToken.endsWith('A') ? 'B' : 'A'}?url=${encodeURIComponent(SHOP)}`,
        `${stack.url}/api/email/click/nope?url=${encodeURIComponent(SHOP)}`,
      ]) {
        const res = await fetch(forged, { redirect: 'manual', headers: { 'accept-language': 'ar' } });
        expect({ forged, status: res.status, location: res.headers.get('location') }).toEqual({
          forged,
          status: 404,
          location: null,
        });
        expect(await res.text()).toContain('<html lang="ar" dir="rtl">');
      }
      expect((await fetch(`${String(tiaOpen).slice(0, -1)}${String(tiaOpen).endsWith('A') ? 'B' : 'A'}`)).status).toBe(404);

      const counted = await until('the counts', async () => {
        const now = await campaignOf(campaign.body.id);
        return now?.status === 'sent' && now.openCount === 2 && now.clickCount === 2 ? now : undefined;
      });
      expect(counted).toMatchObject({ sentCount: 2, openCount: 2, clickCount: 2 });
      const results = await call<CampaignResultsResponse>(`${api}/campaigns/${campaign.body.id}/results`, as(a));
      expect(results.body).toEqual({
        campaignId: campaign.body.id,
        totalRecipients: 2,
        sent: 2,
        delivered: 2,
        opened: 2,
        clicked: 2,
        bounced: 0,
        unsubscribed: 0,
        failed: 0,
        pending: 0,
      });
      expect((await call(`${api}/campaigns/${campaign.body.id}/results`, as(b))).status).toBe(404);
    });
  });
});
