import { type RealtimeEvent } from '@parley/contracts';
import type { SmtpSink, TestInfra } from '@parley/server-kit/testing';
import WebSocket from 'ws';
import { OWNER_PASSWORD, signedInOwner, sql } from './accounts';
import { call, cookieOf } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

/**
 * Teams on the real stack (docs/teams.md): the workspace in /me, invitations by mail (signed out and signed
 * in, expired, reused, revoked, wrong account, a race of two accepts), roles refused with 403 and nothing
 * changed, two workspaces apart, and a removed member's sessions and sockets ending at once.
 */
const INVITATION_LINK = /http:\/\/127\.0\.0\.1:\d+\/invitations\/([\w-]+)/;
const AGENT_PASSWORD = 'Kp4$rTz9!mWq';

describe('teams (real PostgreSQL, NATS, Redis, SMTP)', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let owner: { cookie: string; id: string };
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack(
      {},
      { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' },
    ));
    api = stack.url;
    owner = await signedInOwner(api, smtp, 'owner@team.example');
  }, 60_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  /** Invites `email` as `role` and returns the token from the mail that arrived. */
  async function invite(email: string, role: 'admin' | 'agent', cookie = owner.cookie): Promise<string> {
    const before = smtp.mails.length;
    const res = await call(`${api}/api/team/invitations`, { cookie, body: { email, role } });
    expect(res.status).toBe(201);
    const { link } = await smtp.linkFor(email, INVITATION_LINK, before);
    return INVITATION_LINK.exec(link)?.[1] ?? '';
  }

  async function join(token: string, name: string): Promise<string> {
    const res = await call(`${api}/api/invitations/${token}/accept`, {
      body: { name, password: AGENT_PASSWORD },
    });
    expect(res.status).toBe(200);
    return cookieOf(res);
  }

  it('shows the workspace and the role in /api/auth/me, keeping every field', async () => {
    const me = await call<Record<string, unknown>>(`${api}/api/auth/me`, { cookie: owner.cookie });
    expect(me.body).toMatchObject({
      id: owner.id,
      email: 'owner@team.example',
      emailVerified: true,
      currentPackage: expect.any(String),
      createdAt: expect.any(String),
      role: 'owner',
      workspace: { id: owner.id, name: "owner's business" },
    });
  });

  it('lets an invited agent in by the mailed link and shares the workspace’s data, within the agent’s role', async () => {
    const customer = await call<{ id: string }>(`${api}/api/customers`, {
      cookie: owner.cookie,
      body: { name: 'Ana Lopez', platform: 'instagram', platformUsername: '@ana' },
    });
    expect(customer.status).toBe(201);

    const token = await invite('agent@team.example', 'agent');
    const lookup = await call(`${api}/api/invitations/${token}`);
    expect(lookup.body).toMatchObject({
      workspaceName: "owner's business",
      invitedByName: 'owner',
      email: 'agent@team.example',
      role: 'agent',
    });
    const accepted = await call(`${api}/api/invitations/${token}/accept`, {
      body: { name: 'Sara', password: AGENT_PASSWORD },
    });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      user: { email: 'agent@team.example', name: 'Sara' },
      workspace: { id: owner.id },
      role: 'agent',
    });
    const agent = cookieOf(accepted);

    const me = await call(`${api}/api/auth/me`, { cookie: agent });
    expect(me.body).toMatchObject({ role: 'agent', workspace: { id: owner.id } });
    const seen = await call<{ id: string }>(`${api}/api/customers/${customer.body.id}`, { cookie: agent });
    expect(seen.status).toBe(200);

    // Not AI configuration: 403 FORBIDDEN and nothing changed.
    const before = await call(`${api}/api/ai-config`, { cookie: owner.cookie });
    const refused = await call(`${api}/api/ai-config`, {
      method: 'PUT',
      cookie: agent,
      body: { ...before.body, companyName: 'Taken Over' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call(`${api}/api/ai-config`, { cookie: owner.cookie })).body).toEqual(before.body);
    expect((await call(`${api}/api/team/invitations`, { cookie: agent })).status).toBe(403);
    expect((await call(`${api}/api/billing`, { cookie: agent })).status).toBe(403);

    // The link works once.
    const again = await call(`${api}/api/invitations/${token}/accept`, {
      body: { name: 'Sara', password: AGENT_PASSWORD },
    });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('no longer valid') });

    const members = await call<{ items: { email: string; role: string }[] }>(`${api}/api/team/members`, {
      cookie: agent,
    });
    expect(members.body.items.map((m) => [m.email, m.role])).toEqual([
      ['owner@team.example', 'owner'],
      ['agent@team.example', 'agent'],
    ]);
  });

  it('records who replied, and reaches every member’s sockets with the workspace’s events', async () => {
    const token = await invite('replier@team.example', 'agent');
    const agent = await join(token, 'Rami');
    const agentId = (await call<{ id: string }>(`${api}/api/auth/me`, { cookie: agent })).body.id;
    const ws = new WebSocket(`${api.replace('http', 'ws')}/ws`, { headers: { cookie: agent, origin: api } });
    sockets.push(ws);
    const events: RealtimeEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });

    const customer = await call<{ id: string }>(`${api}/api/customers`, {
      cookie: owner.cookie,
      body: { name: 'Omar', platform: 'instagram', platformUsername: '@omar' },
    });
    const reply = await call<Record<string, unknown>>(`${api}/api/messages/reply`, {
      cookie: agent,
      body: { customerId: customer.body.id, content: 'Hello Omar, how can I help?' },
    });
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({ authorId: agentId, authorName: 'Rami' });
    const thread = await call<Record<string, unknown>[]>(
      `${api}/api/messages?customerId=${customer.body.id}`,
      { cookie: owner.cookie },
    );
    expect(thread.body).toEqual([expect.objectContaining({ authorId: agentId, authorName: 'Rami' })]);
    // The inbox list names the author of the newest message too.
    const listed = async () =>
      (
        await call<{ customerId: string; lastMessage: Record<string, unknown> }[]>(`${api}/api/conversations`, {
          cookie: owner.cookie,
        })
      ).body.find((c) => c.customerId === customer.body.id)?.lastMessage;
    expect(await listed()).toMatchObject({ direction: 'outgoing', aiGenerated: false, authorId: agentId });
    // The owner's own reply names the owner.
    const own = await call(`${api}/api/messages/reply`, {
      cookie: owner.cookie,
      body: { customerId: customer.body.id, content: 'Welcome!' },
    });
    expect(own.body).toMatchObject({ authorId: owner.id, authorName: 'owner' });
    expect(await listed()).toMatchObject({ authorId: owner.id });

    const deadline = Date.now() + 5000;
    while (!events.some((e) => e.type === 'new_customer') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(events.map((e) => e.type)).toContain('new_customer');
  });

  it('refuses inviting a current member or an address already invited (409 naming email)', async () => {
    const member = await call(`${api}/api/team/invitations`, {
      cookie: owner.cookie,
      body: { email: 'owner@team.example', role: 'admin' },
    });
    expect(member.status).toBe(409);
    expect(member.body).toMatchObject({ code: 'CONFLICT', field: 'email' });
    await invite('twice@team.example', 'agent');
    const twice = await call(`${api}/api/team/invitations`, {
      cookie: owner.cookie,
      body: { email: 'twice@team.example', role: 'agent' },
    });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ field: 'email' });
  });

  it('stops a revoked, a resent (old link) and an expired invitation', async () => {
    const revokedToken = await invite('revoked@team.example', 'agent');
    const list = await call<{ items: { id: string; email: string }[] }>(`${api}/api/team/invitations`, {
      cookie: owner.cookie,
    });
    const revoked = list.body.items.find((i) => i.email === 'revoked@team.example');
    expect(
      (await call(`${api}/api/team/invitations/${revoked?.id}`, { method: 'DELETE', cookie: owner.cookie })).status,
    ).toBe(204);
    expect((await call(`${api}/api/invitations/${revokedToken}`)).status).toBe(404);

    const oldToken = await invite('resent@team.example', 'agent');
    const pending = await call<{ items: { id: string; email: string }[] }>(`${api}/api/team/invitations`, {
      cookie: owner.cookie,
    });
    const resent = pending.body.items.find((i) => i.email === 'resent@team.example');
    const before = smtp.mails.length;
    const again = await call(`${api}/api/team/invitations/${resent?.id}/resend`, {
      method: 'POST',
      cookie: owner.cookie,
    });
    expect(again.status).toBe(200);
    const { link } = await smtp.linkFor('resent@team.example', INVITATION_LINK, before);
    expect((await call(`${api}/api/invitations/${oldToken}`)).status).toBe(404);
    expect((await call(`${api}/api/invitations/${INVITATION_LINK.exec(link)?.[1]}`)).status).toBe(200);

    const expiredToken = await invite('late@team.example', 'agent');
    await sql(
      infra.env.DATABASE_URL,
      `update auth_service.invitations set expires_at = now() - interval '1 second' where email = $1`,
      ['late@team.example'],
    );
    const expired = await call(`${api}/api/invitations/${expiredToken}/accept`, {
      body: { name: 'Late', password: AGENT_PASSWORD },
    });
    expect(expired.status).toBe(404);
    expect(expired.body).toMatchObject({ message: expect.stringContaining('expired') });
  });

  it('lets one of two simultaneous accepts win', async () => {
    const token = await invite('race@team.example', 'agent');
    const answers = await Promise.all(
      [1, 2].map(() =>
        call(`${api}/api/invitations/${token}/accept`, { body: { name: 'Race', password: AGENT_PASSWORD } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 404]);
    const rows = await sql(
      infra.env.DATABASE_URL,
      `select m.role from auth_service.memberships m join auth_service.users u on u.id = m.user_id
        where u.email = 'race@team.example'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('refuses a signed-in account that is not the invited one (403 naming the email), and lets the right one join', async () => {
    const token = await invite('invited@team.example', 'admin');
    const stranger = await signedInOwner(api, smtp, 'stranger@team.example');
    const wrong = await call(`${api}/api/invitations/${token}/accept`, { cookie: stranger.cookie, body: {} });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: 'FORBIDDEN', message: expect.stringContaining('invited@team.example') });

    const invited = await signedInOwner(api, smtp, 'invited@team.example');
    const joined = await call(`${api}/api/invitations/${token}/accept`, { cookie: invited.cookie, body: {} });
    expect(joined.status).toBe(200);
    // Its own empty workspace is closed; the same session now works in the new one, as an admin.
    const me = await call(`${api}/api/auth/me`, { cookie: invited.cookie });
    expect(me.body).toMatchObject({ role: 'admin', workspace: { id: owner.id } });
  });

  it('refuses to let an owner whose workspace holds data join elsewhere (409 naming account)', async () => {
    const busy = await signedInOwner(api, smtp, 'busy@team.example');
    await call(`${api}/api/customers`, {
      cookie: busy.cookie,
      body: { name: 'Kept', platform: 'instagram', platformUsername: '@kept' },
    });
    const token = await invite('busy@team.example', 'agent');
    const refused = await call(`${api}/api/invitations/${token}/accept`, { cookie: busy.cookie, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', field: 'account' });
    const me = await call(`${api}/api/auth/me`, { cookie: busy.cookie });
    expect(me.body).toMatchObject({ role: 'owner', workspace: { id: busy.id } });
  });

  it('keeps two workspaces apart: another workspace’s customer is 404', async () => {
    const other = await signedInOwner(api, smtp, 'other@team.example');
    const theirs = await call<{ id: string }>(`${api}/api/customers`, {
      cookie: other.cookie,
      body: { name: 'Theirs', platform: 'instagram', platformUsername: '@theirs' },
    });
    const token = await invite('peer@team.example', 'agent');
    const peer = await join(token, 'Peer');
    expect((await call(`${api}/api/customers/${theirs.body.id}`, { cookie: peer })).status).toBe(404);
    const list = await call<{ name: string }[]>(`${api}/api/customers`, { cookie: peer });
    expect(list.body.map((c) => c.name)).toContain('Ana Lopez');
    expect(list.body.map((c) => c.name)).not.toContain('Theirs');
  });

  it('changes roles, transfers ownership to an admin only, and an agent cannot manage members', async () => {
    const token = await invite('promoted@team.example', 'agent');
    const promoted = await join(token, 'Promo');
    const me = await call<{ id: string }>(`${api}/api/auth/me`, { cookie: promoted });
    const agentTries = await call(`${api}/api/team/members/${owner.id}`, {
      method: 'PATCH',
      cookie: promoted,
      body: { role: 'agent' },
    });
    expect(agentTries.status).toBe(403);
    const notAdmin = await call(`${api}/api/team/transfer-ownership`, {
      cookie: owner.cookie,
      body: { userId: me.body.id },
    });
    expect(notAdmin.status).toBe(409);
    const ownerRole = await call(`${api}/api/team/members/${owner.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { role: 'admin' },
    });
    expect(ownerRole.status).toBe(403);
    const changed = await call(`${api}/api/team/members/${me.body.id}`, {
      method: 'PATCH',
      cookie: owner.cookie,
      body: { role: 'admin' },
    });
    expect(changed.status).toBe(200);
    // The member's cached session follows at once.
    expect((await call(`${api}/api/auth/me`, { cookie: promoted })).body).toMatchObject({ role: 'admin' });

    const transferred = await call(`${api}/api/team/transfer-ownership`, {
      cookie: owner.cookie,
      body: { userId: me.body.id },
    });
    expect(transferred.status).toBe(200);
    expect((await call(`${api}/api/auth/me`, { cookie: owner.cookie })).body).toMatchObject({ role: 'admin' });
    expect((await call(`${api}/api/auth/me`, { cookie: promoted })).body).toMatchObject({
      role: 'owner',
      workspace: { id: owner.id },
    });
    // And back, for the tests after this one.
    const back = await call(`${api}/api/team/transfer-ownership`, { cookie: promoted, body: { userId: owner.id } });
    expect(back.status).toBe(200);
  });

  it('ends a removed member’s sessions and /ws sockets at once', async () => {
    const token = await invite('leaving@team.example', 'agent');
    const leaving = await join(token, 'Leaving');
    const me = await call<{ id: string }>(`${api}/api/auth/me`, { cookie: leaving });
    const ws = new WebSocket(`${api.replace('http', 'ws')}/ws`, { headers: { cookie: leaving, origin: api } });
    sockets.push(ws);
    const closed = new Promise<number>((resolve) => ws.once('close', () => resolve(Date.now())));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    const events: RealtimeEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));

    const removedAt = Date.now();
    const removed = await call(`${api}/api/team/members/${me.body.id}`, { method: 'DELETE', cookie: owner.cookie });
    expect(removed.status).toBe(204);
    expect((await closed) - removedAt).toBeLessThan(1000);
    expect((await call(`${api}/api/auth/me`, { cookie: leaving })).status).toBe(401);
    expect((await call(`${api}/api/team/members/${owner.id}`, { method: 'DELETE', cookie: owner.cookie })).status).toBe(
      403,
    );
    // Signing in again lands in a workspace of its own, without the team's data.
    const login = await call(`${api}/api/auth/login`, {
      body: { email: 'leaving@team.example', password: AGENT_PASSWORD },
    });
    const again = await call(`${api}/api/auth/me`, { cookie: cookieOf(login) });
    expect(again.body).toMatchObject({ role: 'owner' });
    expect((again.body as { workspace: { id: string } }).workspace.id).not.toBe(owner.id);
    void OWNER_PASSWORD;
  });

  it('names the workspace after the business once its profile is saved, for every member', async () => {
    const saved = await call(`${api}/api/ai-config`, {
      method: 'PUT',
      cookie: owner.cookie,
      body: { companyName: 'Olive & Thread', companyDescription: 'Linen clothes made in Porto.' },
    });
    expect(saved.status).toBe(200);
    const token = await invite('late-joiner@team.example', 'agent');
    expect((await call(`${api}/api/invitations/${token}`)).body).toMatchObject({ workspaceName: 'Olive & Thread' });
    const deadline = Date.now() + 5000;
    let name = '';
    while (name !== 'Olive & Thread' && Date.now() < deadline) {
      const me = await call<{ workspace: { name: string } }>(`${api}/api/auth/me`, { cookie: owner.cookie });
      name = me.body.workspace.name;
      if (name !== 'Olive & Thread') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(name).toBe('Olive & Thread');
  });
});
