import { randomUUID } from 'node:crypto';
import type { AuditEntry, AuditPage, OAuthConnectResponse } from '@parley/contracts';
import { type SmtpSink, type TestInfra } from '@parley/server-kit/testing';
import Stripe from 'stripe';
import { FakeMeta } from '../apps/integrations-service/src/testing/fake-meta';
import { signedInOwner, sql } from './accounts';
import { call, cookieOf, uploadFile } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const APP = { appId: 'app-audit', appSecret: 'secret-audit' };
const WEBHOOK_SECRET = 'whsec_audit_system_test';
const INVITATION_LINK = /http:\/\/127\.0\.0\.1:\d+\/invitations\/([\w-]+)/;
const MEMBER_PASSWORD = 'Kp4$rTz9!mWq';
const SECRET_NOTE = 'the door code is 4242';

/**
 * The audit log on the real stack (docs/teams.md, "Audit log"): each audited change of every service shows in
 * GET /api/audit with its actor's name and the changed fields only, never a secret; another workspace sees
 * none of it, an agent is refused, and the keyset pages walk the merged log without gaps or repeats.
 */
describe('the audit log (real PostgreSQL, NATS, Redis)', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let fake: FakeMeta;
  let api: string;
  let owner: { cookie: string; id: string };
  let other: { cookie: string; id: string };
  let sara: { cookie: string; id: string };
  let tom: { cookie: string; id: string };

  beforeAll(async () => {
    fake = new FakeMeta(APP);
    await fake.start();
    ({ infra, smtp, stack } = await startSystemStack(
      {
        META_APP_ID: APP.appId,
        META_APP_SECRET: APP.appSecret,
        META_GRAPH_URL: fake.graphUrl,
        META_OAUTH_URL: fake.oauthUrl,
        RECONCILE_INTERVAL_MS: '600000',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      },
      { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' },
    ));
    api = stack.url;
    await sql(
      infra.env.DATABASE_URL,
      `update billing_service.plans set payment_link = 'https://buy.stripe.com/test_pro',
         payment_link_id = 'plink_pro' where id = 'pro'`,
    );
    owner = await signedInOwner(api, smtp, 'owner@audit.example');
    other = await signedInOwner(api, smtp, 'owner@audit-other.example');
    sara = await join(await invite('sara@audit.example', 'admin'), 'Sara');
    tom = await join(await invite('tom@audit.example', 'agent'), 'Tom');
  }, 120_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
    await fake?.stop();
  }, 30_000);

  async function invite(email: string, role: 'admin' | 'agent'): Promise<string> {
    const before = smtp.mails.length;
    const res = await call(`${api}/api/team/invitations`, { cookie: owner.cookie, body: { email, role } });
    expect(res.status).toBe(201);
    const { link } = await smtp.linkFor(email, INVITATION_LINK, before);
    return INVITATION_LINK.exec(link)?.[1] ?? '';
  }

  async function join(token: string, name: string): Promise<{ cookie: string; id: string }> {
    const res = await call<{ user: { id: string } }>(`${api}/api/invitations/${token}/accept`, {
      body: { name, password: MEMBER_PASSWORD },
    });
    expect(res.status).toBe(200);
    return { cookie: cookieOf(res), id: res.body.user.id };
  }

  async function audit(cookie: string, query = ''): Promise<AuditPage> {
    const res = await call<AuditPage>(`${api}/api/audit${query}`, { cookie });
    expect(res.status).toBe(200);
    return res.body;
  }

  /** The newest entry of `action` in the owner's log. */
  async function latest(action: AuditEntry['action']): Promise<AuditEntry | undefined> {
    return (await audit(owner.cookie)).items.find((entry) => entry.action === action);
  }

  it('records invitations and joins, by whom', async () => {
    const { items } = await audit(owner.cookie);
    const invited = items.filter((entry) => entry.action === 'member.invited');
    expect(invited.map((entry) => entry.subject.label).sort()).toEqual([
      'sara@audit.example',
      'tom@audit.example',
    ]);
    expect(invited[0]).toMatchObject({
      actor: { userId: owner.id, name: 'owner' },
      subject: { type: 'invitation' },
    });
    expect(
      items.find((entry) => entry.action === 'member.joined' && entry.subject.id === sara.id),
    ).toMatchObject({
      actor: { userId: sara.id, name: 'Sara' },
      subject: { type: 'member', label: 'Sara' },
      after: { email: 'sara@audit.example', role: 'admin' },
    });
    // Newest first.
    const times = items.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('records an AI configuration change: the changed fields only, the private notes as "changed"', async () => {
    const company = { companyName: 'Kestrel Outfitters', companyDescription: 'Boots and tents.' };
    const first = await call(`${api}/api/ai-config`, { method: 'PUT', cookie: owner.cookie, body: company });
    expect(first.status).toBe(200);
    expect(await latest('ai_config.updated')).toMatchObject({
      actor: { name: 'owner' },
      before: { companyName: '', companyDescription: '' },
      after: company,
    });
    const saved = await call(`${api}/api/ai-config`, {
      method: 'PUT',
      cookie: sara.cookie,
      body: { ...company, responseStyle: 'friendly', privateNotes: SECRET_NOTE },
    });
    expect(saved.status).toBe(200);
    const entry = await latest('ai_config.updated');
    expect(entry).toMatchObject({
      actor: { userId: sara.id, name: 'Sara' },
      subject: { type: 'ai_config' },
      before: { responseStyle: 'professional', privateNotes: 'changed' },
      after: { responseStyle: 'friendly', privateNotes: 'changed' },
    });
    expect(Object.keys(entry?.after ?? {}).sort()).toEqual(['privateNotes', 'responseStyle']);
    expect(JSON.stringify(await audit(owner.cookie))).not.toContain('4242');
  });

  it('records knowledge items created, changed and deleted', async () => {
    const created = await call<{ id: string }>(`${api}/api/ai/knowledge`, {
      cookie: sara.cookie,
      body: { category: 'faqs', title: 'Returns', content: 'Within 30 days.' },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    const changed = await call(`${api}/api/ai/knowledge/${id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { title: 'Returns and refunds', content: 'Within 60 days.' },
    });
    expect(changed.status).toBe(200);
    expect(
      (await call(`${api}/api/ai/knowledge/${id}`, { method: 'DELETE', cookie: sara.cookie })).status,
    ).toBe(200);
    const { items } = await audit(owner.cookie);
    const about = items.filter((entry) => entry.subject.id === id);
    expect(about.map((entry) => [entry.action, entry.actor.name])).toEqual([
      ['knowledge.deleted', 'Sara'],
      ['knowledge.updated', 'owner'],
      ['knowledge.created', 'Sara'],
    ]);
    expect(about[1]).toMatchObject({
      subject: { type: 'knowledge_item', label: 'Returns and refunds' },
      before: { title: 'Returns', content: 'changed' },
      after: { title: 'Returns and refunds', content: 'changed' },
    });
    expect(JSON.stringify(about)).not.toContain('60 days');
  });

  it('records training documents uploaded and deleted', async () => {
    const uploaded = await uploadFile(`${api}/api/ai/upload-document`, sara.cookie, 'document', {
      bytes: Buffer.from('Opening hours:\nMonday to Friday, 9 to 5.'),
      name: 'hours.txt',
    });
    expect(uploaded.status).toBe(201);
    const id = String(uploaded.body.id);
    expect(
      (await call(`${api}/api/ai/training-documents/${id}`, { method: 'DELETE', cookie: owner.cookie }))
        .status,
    ).toBe(200);
    const about = (await audit(owner.cookie)).items.filter((entry) => entry.subject.id === id);
    expect(about.map((entry) => [entry.action, entry.actor.name, entry.subject.label])).toEqual([
      ['training_document.deleted', 'owner', 'hours.txt'],
      ['training_document.uploaded', 'Sara', 'hours.txt'],
    ]);
  });

  it('records a stage moved by a person (an agent too), not the customer made at a stage', async () => {
    const customer = await call<{ id: string }>(`${api}/api/customers`, {
      cookie: tom.cookie,
      body: { name: 'Ana Lopez', platform: 'instagram', platformUsername: '@ana_audit' },
    });
    expect(customer.status).toBe(201);
    const moved = await call(`${api}/api/customers/${customer.body.id}`, {
      method: 'PUT',
      cookie: tom.cookie,
      body: { stage: 'qualified' },
    });
    expect(moved.status).toBe(200);
    const about = (await audit(owner.cookie)).items.filter((entry) => entry.subject.id === customer.body.id);
    expect(about).toEqual([
      expect.objectContaining({
        action: 'customer.stage_changed',
        actor: { userId: tom.id, name: 'Tom' },
        subject: { type: 'customer', id: customer.body.id, label: 'Ana Lopez' },
        before: { stage: 'new' },
        after: { stage: 'qualified' },
      }),
    ]);
  });

  it('records a channel connected and disconnected, with the pages and no token', async () => {
    const start = await call<OAuthConnectResponse>(`${api}/api/auth/facebook/connect`, {
      cookie: sara.cookie,
    });
    expect(start.status).toBe(200);
    const fromMeta = await fetch(start.body.authUrl, { redirect: 'manual' });
    const callback = await fetch(fromMeta.headers.get('location') ?? '', {
      redirect: 'manual',
      headers: { cookie: sara.cookie },
    });
    expect(callback.headers.get('location')).toBe('/dashboard?connected=facebook');
    const off = await call(`${api}/api/social-integrations/facebook`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(off.status).toBe(200);
    const { items } = await audit(owner.cookie);
    expect(items.find((entry) => entry.action === 'channel.connected')).toMatchObject({
      actor: { userId: sara.id, name: 'Sara' },
      subject: { type: 'channel', id: 'facebook', label: 'Facebook' },
      after: { pages: ['Kestrel Test Page'] },
    });
    expect(items.find((entry) => entry.action === 'channel.disconnected')).toMatchObject({
      actor: { userId: owner.id, name: 'owner' },
      before: { pages: ['Kestrel Test Page'] },
    });
    const tokens = await sql<{ n: number }>(
      infra.env.DATABASE_URL,
      `select count(*)::int as n from integrations_service.audit_entries where before::text ~* 'token' or after::text ~* 'token'`,
    );
    expect(tokens).toEqual([{ n: 0 }]);
  });

  it('records plans: Free by the owner, a purchase confirmed by the payment provider', async () => {
    expect((await call(`${api}/api/billing/free`, { method: 'POST', cookie: owner.cookie })).status).toBe(
      200,
    );
    const free = await latest('plan.free_activated');
    expect(free).toMatchObject({
      actor: { userId: owner.id, name: 'owner' },
      subject: { type: 'plan', id: 'free' },
    });

    const body = JSON.stringify({
      id: `evt_${randomUUID()}`,
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: `cs_${randomUUID()}`,
          object: 'checkout.session',
          client_reference_id: owner.id,
          payment_link: 'plink_pro',
          payment_status: 'paid',
          payment_intent: `pi_${randomUUID()}`,
          amount_total: 4900,
          currency: 'usd',
        },
      },
    });
    const paid = await fetch(`${api}/api/webhooks/payments`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: WEBHOOK_SECRET,
        }),
      },
      body,
    });
    expect(paid.status).toBe(200);
    expect(await latest('plan.purchased')).toMatchObject({
      actor: { userId: null, name: null },
      subject: { type: 'plan', id: 'pro' },
      before: { plan: 'Free' },
      after: { plan: 'Pro' },
    });
  });

  it('records role changes, removal and the transfer of ownership', async () => {
    const role = await call(`${api}/api/team/members/${tom.id}`, {
      method: 'PATCH',
      cookie: sara.cookie,
      body: { role: 'admin' },
    });
    expect(role.status).toBe(200);
    expect(
      (await call(`${api}/api/team/members/${tom.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(204);
    const transfer = await call(`${api}/api/team/transfer-ownership`, {
      cookie: owner.cookie,
      body: { userId: sara.id },
    });
    expect(transfer.status).toBe(200);
    const { items } = await audit(sara.cookie);
    expect(
      items
        .slice(0, 3)
        .map((entry) => [entry.action, entry.actor.name, entry.subject.label, entry.before, entry.after]),
    ).toEqual([
      ['ownership.transferred', 'owner', 'Sara', { role: 'admin' }, { role: 'owner' }],
      ['member.removed', 'owner', 'Tom', { role: 'admin' }, null],
      ['member.role_changed', 'Sara', 'Tom', { role: 'agent' }, { role: 'admin' }],
    ]);
    // Tom's own entries keep his name after he left.
    expect(items.find((entry) => entry.action === 'customer.stage_changed')?.actor.name).toBe('Tom');
  });

  it('shows another workspace none of it, and refuses agents and the signed out', async () => {
    expect(await audit(other.cookie)).toEqual({ items: [], nextCursor: null });
    const agent = await join(await inviteAs(sara.cookie, 'agent2@audit.example'), 'Rita');
    const refused = await call(`${api}/api/audit`, { cookie: agent.cookie });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call(`${api}/api/audit`)).status).toBe(401);
  });

  async function inviteAs(cookie: string, email: string): Promise<string> {
    const before = smtp.mails.length;
    const res = await call(`${api}/api/team/invitations`, { cookie, body: { email, role: 'agent' } });
    expect(res.status).toBe(201);
    const { link } = await smtp.linkFor(email, INVITATION_LINK, before);
    return INVITATION_LINK.exec(link)?.[1] ?? '';
  }

  it('pages the merged log by keyset, without gaps or repeats, and refuses a bad cursor or limit', async () => {
    const whole = (await audit(sara.cookie, '?limit=500')).items;
    expect(whole.length).toBeGreaterThan(15);
    expect(new Set(whole.map((entry) => entry.subject.type)).size).toBeGreaterThanOrEqual(7);
    const walked: AuditEntry[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: AuditPage = await audit(
        sara.cookie,
        `?limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(page.items.length).toBeLessThanOrEqual(4);
      walked.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 50);
    expect(walked.map((entry) => entry.id)).toEqual(whole.map((entry) => entry.id));

    const bad = await call(`${api}/api/audit?cursor=nonsense`, { cookie: sara.cookie });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'cursor' });
    const limit = await call(`${api}/api/audit?limit=0`, { cookie: sara.cookie });
    expect(limit.status).toBe(400);
    expect(limit.body).toMatchObject({ field: 'limit' });
  });
});
