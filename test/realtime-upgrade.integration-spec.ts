import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { JsonLogger, loadConfig } from '@parley/server-kit';
import { type SmtpSink, type TestInfra } from '@parley/server-kit/testing';
import WebSocket from 'ws';
import { GatewayConfig } from '../apps/gateway/src/config/gateway.config';
import { createGateway } from '../apps/gateway/src/http/create-gateway';
import { RealtimeHub } from '../apps/gateway/src/realtime/realtime.hub';
import { signedInOwner } from './accounts';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

/** How an upgrade attempt ended: a socket, an HTTP answer instead of one, or the connection dropped. */
type Outcome = { kind: 'open'; ws: WebSocket } | { kind: 'refused'; status: number } | { kind: 'dropped' };

jest.setTimeout(15_000);

describe('/ws upgrades: only /ws, only signed in, only from our origins (real PostgreSQL, NATS, Redis, SMTP)', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let origin: string;
  let owner: { cookie: string; id: string };
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack({ RECONCILE_INTERVAL_MS: '600000' }));
    origin = stack.url;
    api = stack.url;
    owner = await signedInOwner(api, smtp, 'upgrades@shop.example');
  }, 60_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await stopSystemStack({ infra, smtp, stack });
  });

  function hub(app: NestFastifyApplication = stack.gateway): RealtimeHub {
    return app.get(RealtimeHub);
  }

  function attempt(headers: Record<string, string>, path = '/ws', gateway = api): Promise<Outcome> {
    const ws = new WebSocket(`${gateway.replace('http', 'ws')}${path}`, { headers });
    sockets.push(ws);
    return new Promise((resolve) => {
      ws.once('open', () => resolve({ kind: 'open', ws }));
      ws.once('unexpected-response', (req, res) => {
        resolve({ kind: 'refused', status: res.statusCode ?? 0 });
        req.destroy();
      });
      ws.once('error', () => resolve({ kind: 'dropped' }));
    });
  }

  function closeOf(ws: WebSocket): Promise<{ code: number; reason: string }> {
    return new Promise((resolve) =>
      ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
    );
  }

  it('refuses an upgrade without a session cookie, or with one that names no session, with 401 and no socket', async () => {
    const before = hub().socketCount();
    expect(await attempt({ origin })).toEqual({ kind: 'refused', status: 401 });
    expect(await attempt({ origin, cookie: 'parley_session=not-a-session' })).toEqual({
      kind: 'refused',
      status: 401,
    });
    expect(await attempt({ origin, cookie: `parley_session=${'0'.repeat(43)}` })).toEqual({
      kind: 'refused',
      status: 401,
    });
    expect(hub().socketCount()).toBe(before);
  });

  it('refuses an upgrade from another origin with 403 and no socket, even with a live session', async () => {
    for (const other of ['https://evil.example', origin.replace('127.0.0.1', 'localhost'), 'null']) {
      expect(await attempt({ origin: other, cookie: owner.cookie })).toEqual({
        kind: 'refused',
        status: 403,
      });
    }
    expect(hub().socketsOf(owner.id)).toBe(0);
  });

  it('drops an upgrade to any path but /ws, even with a live session and our origin', async () => {
    for (const path of ['/', '/ws/', '/ws/extra', '/wsx', '/api/ws', '/api/auth/me']) {
      expect(await attempt({ origin, cookie: owner.cookie }, path)).toEqual({ kind: 'dropped' });
    }
    expect(hub().socketsOf(owner.id)).toBe(0);
  });

  it('opens a socket for a live session from our origin (or from no browser at all), and counts it for its owner', async () => {
    const fromPage = await attempt({ origin, cookie: owner.cookie }, '/ws?tab=1');
    const fromScript = await attempt({ cookie: owner.cookie });
    expect(fromPage.kind).toBe('open');
    expect(fromScript.kind).toBe('open');
    expect(hub().socketsOf(owner.id)).toBe(2);
    for (const outcome of [fromPage, fromScript]) {
      if (outcome.kind !== 'open') continue;
      const closed = closeOf(outcome.ws);
      outcome.ws.close();
      await closed;
    }
    // The server forgets a socket once its close arrives.
    for (let i = 0; i < 50 && hub().socketsOf(owner.id) > 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(hub().socketsOf(owner.id)).toBe(0);
  });

  it('closes a socket that sends more than 4 KiB in one message with 1009', async () => {
    const outcome = await attempt({ origin, cookie: owner.cookie });
    if (outcome.kind !== 'open') throw new Error(`no socket: ${JSON.stringify(outcome)}`);
    const closed = closeOf(outcome.ws);
    outcome.ws.send('x'.repeat(4097));
    expect((await closed).code).toBe(1009);
  });

  it('ignores what a browser sends on its socket (the channel is server → browser only)', async () => {
    const outcome = await attempt({ origin, cookie: owner.cookie });
    if (outcome.kind !== 'open') throw new Error(`no socket: ${JSON.stringify(outcome)}`);
    outcome.ws.send('not json');
    outcome.ws.send(JSON.stringify({ event: 'anything', data: {} }));
    await new Promise((r) => setTimeout(r, 100));
    expect(outcome.ws.readyState).toBe(WebSocket.OPEN);
    const closed = closeOf(outcome.ws);
    outcome.ws.close();
    await closed;
  });

  it('closes its sockets with 1001 when a gateway shuts down', async () => {
    const config = loadConfig(GatewayConfig, { ...infra.env, PORT: '0', HOST: '127.0.0.1' });
    const replica = await createGateway(config, new JsonLogger('gateway', config.LOG_LEVEL));
    let closedApp = false;
    try {
      const address = replica.getHttpServer().address();
      const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const outcome = await attempt({ cookie: owner.cookie }, '/ws', url);
      if (outcome.kind !== 'open') throw new Error(`no socket: ${JSON.stringify(outcome)}`);
      expect(hub(replica).socketsOf(owner.id)).toBe(1);
      const closed = closeOf(outcome.ws);
      await replica.close();
      closedApp = true;
      expect(await closed).toEqual({ code: 1001, reason: 'Server shutting down' });
    } finally {
      if (!closedApp) await replica.close();
    }
  });
});
