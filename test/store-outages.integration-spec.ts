import { startTcpProxy, type TcpProxy, until } from '@parley/server-kit/testing';
import { signedInOwner } from './accounts';
import { call } from './http';
import { type SystemStack, startSystemStack, stopSystemStack } from './start-stack';

/** The gateway's RPC timeout (GatewayConfig's default): no request may wait past it plus a second. */
const RPC_TIMEOUT_MS = 5000;

/**
 * Redis going away under the whole stack (every service and the gateway reach it through a proxy the
 * test cuts): each request answers within the RPC timeout plus a second, with its answer or a 503, never
 * a 500, and everything works again once Redis is back.
 */
describe('the stack while Redis is unreachable', () => {
  let system: SystemStack;
  let proxy: TcpProxy;
  let api: string;
  let cookie: string;

  beforeAll(async () => {
    const redis = new URL(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
    proxy = await startTcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) });
    redis.host = proxy.address;
    system = await startSystemStack({ REDIS_URL: redis.toString(), RECONCILE_INTERVAL_MS: '1000' });
    api = system.stack.url;
    ({ cookie } = await signedInOwner(api, system.smtp, 'owner@outage.example'));
    const setup = { companyName: 'Harbour Lights', companyDescription: 'Lamps.', responseDelay: 0 };
    expect((await call(`${api}/api/ai-config`, { method: 'PUT', body: setup, cookie })).status).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await proxy?.restore();
    await stopSystemStack(system ?? {});
    await proxy?.close();
  }, 30_000);

  const timed = async (path: string, body?: unknown) => {
    const started = Date.now();
    const answer = await call(`${api}${path}`, { cookie, body });
    return { status: answer.status, body: answer.body, ms: Date.now() - started };
  };

  it('answers each request in time, with a 503 rather than a 500, and recovers', async () => {
    expect((await timed('/api/auth/me')).status).toBe(200);
    await proxy.cut();
    const stored = await timed('/api/simulate-message', {
      platform: 'instagram',
      platformUsername: 'ana',
      senderName: 'Ana',
      content: 'Do you sell desk lamps?',
    });
    expect(stored).toMatchObject({ status: 201, body: { stored: true } });
    expect(stored.ms).toBeLessThan(RPC_TIMEOUT_MS);
    for (const [path, body] of [
      ['/api/auth/me', undefined],
      ['/api/products', undefined],
      ['/api/stats', undefined],
      ['/api/ai/test-agent', { message: 'Hello', platform: 'instagram' }],
    ] as const) {
      const answer = await timed(path, body);
      // The request is in what is compared, so a failure names it, its status and its time.
      const seen = { path, status: answer.status, ms: answer.ms };
      expect({ ...seen, inTime: answer.ms < RPC_TIMEOUT_MS + 1000 }).toEqual({ ...seen, inTime: true });
      expect({ ...seen, fine: answer.status < 500 || answer.status === 503 }).toEqual({ ...seen, fine: true });
    }
    await proxy.restore();
    // The message stored during the outage is answered once Redis is back, once.
    const customerId = (stored.body as { customerId: string }).customerId;
    const thread = await until(
      'the reply to the message stored while Redis was away',
      async () => {
        const res = await call<{ direction: string }[]>(`${api}/api/messages?customerId=${customerId}`, { cookie });
        return res.status === 200 && res.body.length >= 2 ? res.body : undefined;
      },
      20_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 2500)); // two more reconcile rounds
    const after = await call<unknown[]>(`${api}/api/messages?customerId=${customerId}`, { cookie });
    expect(after.body).toHaveLength(thread.length);
    expect(thread).toHaveLength(2);
  }, 60_000);
});
