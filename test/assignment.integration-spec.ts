import { LIST_NEXT_CURSOR_HEADER, type ConversationResponse, type RealtimeEvent } from '@parley/contracts';
import type { SmtpSink, TestInfra } from '@parley/server-kit/testing';
import WebSocket from 'ws';
import { signedInOwner } from './accounts';
import { call, cookieOf } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

/**
 * Assignment on the real stack (docs/teams.md, "Assignment", "Notifications", "Presence"): PATCH assigneeId
 * takes only a member of the caller's workspace; the Mine / Unassigned / All filter pages by keyset; a new
 * message in an assigned conversation notifies its assignee only (the others' tabs are told quietly), an
 * unassigned one everybody; assignment reaches every member's sockets; a member's presence in a thread reaches
 * the others' sockets and never another workspace's.
 */
const INVITATION_LINK = /http:\/\/127\.0\.0\.1:\d+\/invitations\/([\w-]+)/;
const PASSWORD = 'Kp4$rTz9!mWq';
/** How long a socket that must not get an event is watched once the others got theirs. */
const QUIET_MS = 400;

interface Member {
  id: string;
  cookie: string;
  events: RealtimeEvent[];
  ws: WebSocket;
}

describe('assignment (real PostgreSQL, NATS, Redis)', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let owner: Member;
  let sara: Member;
  let rami: Member;
  let stranger: Member;
  const sockets: WebSocket[] = [];

  async function connect(cookie: string, id: string): Promise<Member> {
    const ws = new WebSocket(`${api.replace('http', 'ws')}/ws`, { headers: { cookie, origin: api } });
    sockets.push(ws);
    const events: RealtimeEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return { id, cookie, events, ws };
  }

  async function join(email: string, name: string): Promise<{ id: string; cookie: string }> {
    const before = smtp.mails.length;
    const invited = await call(`${api}/api/team/invitations`, {
      cookie: owner.cookie,
      body: { email, role: 'agent' },
    });
    expect(invited.status).toBe(201);
    const { link } = await smtp.linkFor(email, INVITATION_LINK, before);
    const token = INVITATION_LINK.exec(link)?.[1] ?? '';
    const accepted = await call<{ user: { id: string } }>(`${api}/api/invitations/${token}/accept`, {
      body: { name, password: PASSWORD },
    });
    expect(accepted.status).toBe(200);
    return { id: accepted.body.user.id, cookie: cookieOf(accepted) };
  }

  async function until<T>(what: string, check: () => T | undefined, ms = 5000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = check();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** The events of `type` about this customer a member got since `from` (an index into their events). */
  function about(member: Member, type: string, customerId: string, from = 0): RealtimeEvent[] {
    return member.events.slice(from).filter((e) => e.type === type && e.data?.customerId === customerId);
  }

  async function customerMessage(username: string, content: string): Promise<string> {
    const sent = await call<{ customerId: string }>(`${api}/api/simulate-message`, {
      cookie: owner.cookie,
      body: { platform: 'instagram', platformUsername: username, senderName: username, content },
    });
    expect(sent.status).toBe(201);
    return sent.body.customerId;
  }

  function assign(by: Member, customerId: string, assigneeId: unknown) {
    return call<ConversationResponse & { code?: string; field?: string }>(
      `${api}/api/conversations/${customerId}`,
      { method: 'PATCH', cookie: by.cookie, body: { assigneeId } },
    );
  }

  /** Every conversation id of a filtered list, walking its pages of `limit`. */
  async function listed(by: Member, assignee: string, limit = 2): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof call<ConversationResponse[]>>> = await call<
        ConversationResponse[]
      >(`${api}/api/conversations?assignee=${assignee}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, {
        cookie: by.cookie,
      });
      expect(page.status).toBe(200);
      ids.push(...page.body.map((c) => c.customerId));
      cursor = page.headers.get(LIST_NEXT_CURSOR_HEADER);
    } while (cursor);
    return ids;
  }

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack(
      {},
      { RATE_LIMIT_IP_PER_MINUTE: '100000', RATE_LIMIT_ADDRESS_PER_MINUTE: '100000' },
    ));
    api = stack.url;
    const o = await signedInOwner(api, smtp, 'owner@assign.example');
    owner = await connect(o.cookie, o.id);
    const s = await join('sara@assign.example', 'Sara');
    sara = await connect(s.cookie, s.id);
    const r = await join('rami@assign.example', 'Rami');
    rami = await connect(r.cookie, r.id);
    const other = await signedInOwner(api, smtp, 'other@elsewhere.example');
    stranger = await connect(other.cookie, other.id);
  }, 90_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  it('assigns to a member (any member may), refuses anyone else with a 400 naming assigneeId, and unassigns', async () => {
    const lina = await customerMessage('lina', 'Hello, is the blue dress in stock?');
    const unassigned = await call<ConversationResponse>(`${api}/api/conversations/${lina}`, {
      cookie: sara.cookie,
    });
    expect(unassigned.body.assigneeId).toBeNull();

    const assigned = await assign(rami, lina, sara.id);
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ customerId: lina, assigneeId: sara.id });
    // The header's conversation carries it too.
    const header = await call<ConversationResponse>(`${api}/api/conversations/${lina}`, {
      cookie: owner.cookie,
    });
    expect(header.body.assigneeId).toBe(sara.id);

    for (const bad of [stranger.id, '6f1c1a52-2b0e-4c4e-9d55-0a4a0f4a9e01', 'sara', 42]) {
      const refused = await assign(owner, lina, bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'assigneeId' });
    }
    const still = await call<ConversationResponse>(`${api}/api/conversations/${lina}`, {
      cookie: owner.cookie,
    });
    expect(still.body.assigneeId).toBe(sara.id);

    // The spec's other fields still work, alone and beside it.
    const closed = await call<ConversationResponse>(`${api}/api/conversations/${lina}`, {
      method: 'PATCH',
      cookie: sara.cookie,
      body: { closed: true, read: true },
    });
    expect(closed.body).toMatchObject({ closed: true, unreadCount: 0, assigneeId: sara.id });
    const both = await call<ConversationResponse>(`${api}/api/conversations/${lina}`, {
      method: 'PATCH',
      cookie: sara.cookie,
      body: { closed: false, assigneeId: null },
    });
    expect(both.body).toMatchObject({ closed: false, assigneeId: null });

    // Another workspace's conversation is a 404, whoever it would be assigned to.
    expect((await assign(stranger, lina, stranger.id)).status).toBe(404);
  });

  it('reaches every member’s tabs with an assignment, and no other workspace’s', async () => {
    const noor = await customerMessage('noor', 'Do you deliver on Saturdays?');
    const from = [owner, sara, rami, stranger].map((m) => m.events.length);
    expect((await assign(owner, noor, rami.id)).status).toBe(200);
    for (const [i, member] of [owner, sara, rami].entries()) {
      const [event] = await until('the assignment event', () => {
        const found = about(member, 'conversation_updated', noor, from[i]);
        return found.length > 0 ? found : undefined;
      });
      expect(event.data).toMatchObject({ customerId: noor, assigneeId: rami.id, assignedBy: owner.id });
    }
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(stranger.events.length).toBe(from[3]);
  });

  it('notifies only the assignee of a new message in an assigned conversation, everybody in an unassigned one', async () => {
    const maya = await customerMessage('maya', 'Hi there');
    expect((await assign(owner, maya, sara.id)).status).toBe(200);

    let from = [owner, sara, rami].map((m) => m.events.length);
    await customerMessage('maya', 'Can I change my order?');
    await until('the assignee’s notification', () => about(sara, 'new_message', maya, from[1])[0]);
    // The others' lists still move: a quiet update naming the assignee, no notification.
    for (const [i, member] of [owner, rami].entries()) {
      const quiet = await until(
        'the quiet update',
        () => about(member, 'conversation_updated', maya, from[i * 2])[0],
      );
      expect(quiet.data).toMatchObject({ assigneeId: sara.id });
    }
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(about(owner, 'new_message', maya, from[0])).toEqual([]);
    expect(about(rami, 'new_message', maya, from[2])).toEqual([]);
    expect(about(sara, 'new_message', maya, from[1])).toHaveLength(1);

    expect((await assign(rami, maya, null)).status).toBe(200);
    from = [owner, sara, rami].map((m) => m.events.length);
    await customerMessage('maya', 'Anyone there?');
    for (const [i, member] of [owner, sara, rami].entries()) {
      await until('everybody’s notification', () => about(member, 'new_message', maya, from[i])[0]);
    }
    expect(stranger.events.filter((e) => e.data?.customerId === maya)).toEqual([]);
  });

  it('filters Mine, Unassigned and All, paging by keyset', async () => {
    const ids: string[] = [];
    for (const name of ['f1', 'f2', 'f3', 'f4', 'f5']) ids.push(await customerMessage(name, `I am ${name}`));
    for (const id of [ids[0], ids[2], ids[4]]) expect((await assign(owner, id, sara.id)).status).toBe(200);
    expect((await assign(owner, ids[3], rami.id)).status).toBe(200);

    const all = await listed(sara, 'all');
    const saras = await listed(sara, 'mine');
    const ramis = await listed(rami, 'mine');
    const nobody = await listed(owner, 'unassigned');
    expect(new Set(all).size).toBe(all.length);
    expect(saras).toEqual(expect.arrayContaining([ids[4], ids[2], ids[0]]));
    expect(saras.filter((id) => ids.includes(id))).toEqual([ids[4], ids[2], ids[0]]);
    expect(ramis).toContain(ids[3]);
    expect(ramis).not.toContain(ids[0]);
    expect(nobody).toContain(ids[1]);
    expect(nobody.some((id) => [ids[0], ids[2], ids[3], ids[4]].includes(id))).toBe(false);
    // Mine, Unassigned and everyone else's make up All, once each.
    const listedAll = await call<ConversationResponse[]>(`${api}/api/conversations?limit=100`, {
      cookie: owner.cookie,
    });
    const assignees = new Map(listedAll.body.map((c) => [c.customerId, c.assigneeId]));
    expect([...assignees.keys()].sort()).toEqual([...all].sort());
    expect(all.filter((id) => assignees.get(id) === sara.id)).toEqual(saras);
    expect(all.filter((id) => assignees.get(id) === null)).toEqual(nobody);
    // Without the parameter: All, as before.
    expect((await listed(owner, 'all', 100)).sort()).toEqual([...all].sort());

    const wrong = await call(`${api}/api/conversations?assignee=someone`, { cookie: owner.cookie });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ field: 'assignee' });
  });

  it('relays a member’s presence in a thread to the other members only, and ignores anything else sent', async () => {
    const zed = await customerMessage('zed', 'Quick question');
    const from = [owner, sara, rami, stranger].map((m) => m.events.length);
    sara.ws.send('not json');
    sara.ws.send(JSON.stringify({ type: 'presence', customerId: 'nope', state: 'typing' }));
    sara.ws.send(JSON.stringify({ type: 'presence', customerId: zed, state: 'typing' }));
    for (const [i, member] of [owner, rami].entries()) {
      const events = await until('the presence', () => {
        const found = about(member, 'presence', zed, from[i * 2]);
        return found.length > 0 ? found : undefined;
      });
      expect(events).toEqual([
        expect.objectContaining({
          data: { customerId: zed, userId: sara.id, name: 'Sara', state: 'typing' },
        }),
      ]);
    }
    await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    expect(about(sara, 'presence', zed, from[1])).toEqual([]);
    expect(stranger.events.length).toBe(from[3]);
    // The socket is still open after the junk.
    expect(sara.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('unassigns a removed member’s conversations, telling every member’s tabs', async () => {
    const kai = await customerMessage('kai', 'Is this still available?');
    const ivy = await customerMessage('ivy', 'Hello again');
    expect((await assign(owner, kai, rami.id)).status).toBe(200);
    expect((await assign(owner, ivy, sara.id)).status).toBe(200);
    const from = owner.events.length;

    const removed = await call(`${api}/api/team/members/${rami.id}`, {
      method: 'DELETE',
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(204);

    const after = await call<ConversationResponse>(`${api}/api/conversations/${kai}`, {
      cookie: owner.cookie,
    });
    expect(after.body.assigneeId).toBeNull();
    // Another member's assignment stays.
    const kept = await call<ConversationResponse>(`${api}/api/conversations/${ivy}`, {
      cookie: owner.cookie,
    });
    expect(kept.body.assigneeId).toBe(sara.id);
    const event = await until(
      'the unassignment event',
      () => about(owner, 'conversation_updated', kai, from)[0],
    );
    expect(event.data).toMatchObject({ customerId: kai, assigneeId: null });
    // A new message there now notifies everybody left.
    const before = sara.events.length;
    await customerMessage('kai', 'Anyone?');
    await until('the notification', () => about(sara, 'new_message', kai, before)[0]);
  });
});
