import { randomUUID } from 'node:crypto';
import type { RealtimeEvent } from '@parley/contracts';
import { hashToken } from '@parley/server-kit';
import { type SmtpSink, type TestInfra, until } from '@parley/server-kit/testing';
import WebSocket from 'ws';
import { RealtimeHub } from '../apps/gateway/src/realtime/realtime.hub';
import { OWNER_PASSWORD, signedInOwner, sql } from './accounts';
import { call, cookieOf } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const RESET_LINK = /http:\/\/127\.0\.0\.1:\d+\/reset-password\/[\w-]+/;

interface Listener {
  ws: WebSocket;
  events: RealtimeEvent[];
  /** Settles when the server closes the socket: the close code and when it arrived. */
  closed: Promise<{ code: number; reason: string; at: number }>;
}

/** How the server closed the socket; fails when it is still open after `ms`. */
function closeOf(listener: Listener, ms = 3000): Promise<{ code: number; reason: string; at: number }> {
  return Promise.race([
    listener.closed,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`the socket is still open after ${ms} ms`)), ms).unref(),
    ),
  ]);
}

/** Resolves with 'open' if the socket is still open after `ms`, or with its close code. */
function stillOpenAfter(listener: Listener, ms: number): Promise<'open' | number> {
  return Promise.race([
    new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), ms)),
    listener.closed.then(({ code }) => code),
  ]);
}

jest.setTimeout(15_000);

describe('/ws sockets end with their session (real PostgreSQL, NATS, Redis, SMTP)', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let origin: string;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack({ RECONCILE_INTERVAL_MS: '600000' }));
    origin = stack.url;
    api = stack.url;
  }, 60_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await stopSystemStack({ infra, smtp, stack });
  });

  function listen(cookie: string, gateway = api): Promise<Listener> {
    const ws = new WebSocket(`${gateway.replace('http', 'ws')}/ws`, { headers: { cookie, origin } });
    sockets.push(ws);
    const events: RealtimeEvent[] = [];
    ws.on('message', (data) => events.push(JSON.parse(String(data)) as RealtimeEvent));
    const closed = new Promise<{ code: number; reason: string; at: number }>((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason), at: Date.now() })),
    );
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve({ ws, events, closed }));
      ws.once('error', reject);
    });
  }

  async function login(email: string, password = OWNER_PASSWORD): Promise<string> {
    const res = await call(`${api}/api/auth/login`, { body: { email, password } });
    expect(res.status).toBe(200);
    return cookieOf(res);
  }

  function logout(cookie: string) {
    return call(`${api}/api/auth/logout`, { method: 'POST', cookie, headers: { origin } });
  }

  /** A customer message for the owner behind `cookie`: messaging-service pushes new_customer and new_message. */
  async function simulate(cookie: string): Promise<void> {
    const res = await call(`${api}/api/simulate-message`, {
      cookie,
      headers: { origin },
      body: {
        platform: 'instagram',
        content: 'Hello, is the linen shirt back in stock?',
        platformUsername: `buyer.${randomUUID().slice(0, 8)}`,
        senderName: 'Ana',
      },
    });
    expect(res.status).toBe(201);
  }

  function hub(): RealtimeHub {
    return stack.gateway.get(RealtimeHub);
  }

  it('closes the socket of a session within a second of its logout; another session of the owner keeps its socket and its events', async () => {
    const owner = await signedInOwner(api, smtp, 'two-tabs@shop.example');
    const laptop = await login('two-tabs@shop.example');
    const phone = await listen(owner.cookie);
    const desk = await listen(laptop);

    const loggedOutAt = Date.now();
    expect((await logout(owner.cookie)).status).toBe(200);
    const closed = await closeOf(phone);
    expect(closed.code).toBe(4401);
    expect(closed.reason).toBe('Session ended');
    expect(closed.at - loggedOutAt).toBeLessThan(1000);

    await simulate(laptop);
    await until('the events on the other session', async () =>
      ['new_customer', 'new_message'].every((t) => desk.events.some((e) => e.type === t)) ? true : undefined,
    );
    expect(phone.events).toEqual([]);
    expect(desk.ws.readyState).toBe(WebSocket.OPEN);
    expect(hub().socketsOf(owner.id)).toBe(1);
  });

  it('closes the socket on another gateway replica too (the revocation event reaches every replica)', async () => {
    const owner = await signedInOwner(api, smtp, 'replicas@shop.example');
    const replica = await stack.addGateway();
    const there = await listen(owner.cookie, replica);
    const here = await listen(owner.cookie);

    const loggedOutAt = Date.now();
    expect((await logout(owner.cookie)).status).toBe(200);
    for (const socket of [here, there]) {
      const closed = await closeOf(socket);
      expect(closed.code).toBe(4401);
      expect(closed.at - loggedOutAt).toBeLessThan(1000);
    }
  });

  it('closes every socket of the owner when the password is reset', async () => {
    const email = 'reset-me@shop.example';
    const owner = await signedInOwner(api, smtp, email);
    const second = await login(email);
    const first = await listen(owner.cookie);
    const other = await listen(second);

    const before = smtp.mails.length;
    expect((await call(`${api}/api/auth/forgot-password`, { body: { email } })).status).toBe(200);
    const { link } = await smtp.linkFor(email, RESET_LINK, before);
    const resetAt = Date.now();
    const reset = await call(`${api}/api/auth/reset-password`, {
      body: { token: link.split('/').pop(), password: 'Copper-Fjord-58' },
    });
    expect(reset.status).toBe(200);
    for (const socket of [first, other]) {
      const closed = await closeOf(socket);
      expect(closed.code).toBe(4401);
      expect(closed.at - resetAt).toBeLessThan(1000);
    }
    await until('the hub to let go of the sockets', async () =>
      hub().socketsOf(owner.id) === 0 ? true : undefined,
    );
  });

  it("closes the socket when the session's absolute expiry passes", async () => {
    const owner = await signedInOwner(api, smtp, 'expiring@shop.example');
    const tokenHash = hashToken(owner.cookie.split('=')[1]);
    const expiresAt = Date.now() + 1500;
    await sql(
      infra.env.DATABASE_URL,
      'update auth_service.sessions set expires_at = $1 where token_hash = $2',
      [new Date(expiresAt), tokenHash],
    );
    const socket = await listen(owner.cookie);
    const closed = await closeOf(socket, 5000);
    expect(closed.code).toBe(4401);
    expect(closed.at).toBeGreaterThanOrEqual(expiresAt);
    expect(closed.at - expiresAt).toBeLessThan(1000);
  });

  it("closes the sockets of sessions that ended without an event at the next check, and keeps an open socket's session in use", async () => {
    const revoked = await signedInOwner(api, smtp, 'lost-event@shop.example');
    const abandoned = await signedInOwner(api, smtp, 'long-gone@shop.example');
    const kept = await signedInOwner(api, smtp, 'idle-tab@shop.example');
    const sockets = [await listen(revoked.cookie), await listen(abandoned.cookie), await listen(kept.cookie)];
    const [revokedHash, abandonedHash, keptHash] = [revoked, abandoned, kept].map((o) =>
      hashToken(o.cookie.split('=')[1]),
    );
    // Behind the gateway's back (as if an event was lost or the gateway had been cut off from
    // auth-service for days): one revoked, one past the 7-day idle expiry, one unused for two days.
    const db = infra.env.DATABASE_URL;
    await sql(db, 'update auth_service.sessions set revoked_at = now() where token_hash = $1', [revokedHash]);
    await sql(
      db,
      "update auth_service.sessions set last_seen_at = now() - interval '8 days' where token_hash = $1",
      [abandonedHash],
    );
    await sql(
      db,
      "update auth_service.sessions set last_seen_at = now() - interval '2 days' where token_hash = $1",
      [keptHash],
    );

    await hub().revalidate();
    expect((await closeOf(sockets[0])).code).toBe(4401);
    expect((await closeOf(sockets[1])).code).toBe(4401);
    expect(await stillOpenAfter(sockets[2], 200)).toBe('open');
    const [row] = await sql<{ last_seen_at: Date }>(
      db,
      'select last_seen_at from auth_service.sessions where token_hash = $1',
      [keptHash],
    );
    expect(Date.now() - row.last_seen_at.getTime()).toBeLessThan(60_000);
  });
});
