import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AUTH_SUBJECTS, SERVICE_NAMES } from '@parley/contracts';
import { connectNats, JsonLogger, loadConfig } from '@parley/server-kit';
import { createTestInfra, deeplyNested, type TestInfra } from '@parley/server-kit/testing';
import { GatewayConfig } from '../apps/gateway/src/config/gateway.config';
import { createGateway } from '../apps/gateway/src/http/create-gateway';
import { startStack, type Stack } from './start-stack';

describe('gateway', () => {
  let infra: TestInfra;
  let stack: Stack;
  let webDir: string;

  beforeAll(async () => {
    infra = await createTestInfra();
    webDir = mkdtempSync(path.join(tmpdir(), 'parley-web-'));
    mkdirSync(path.join(webDir, 'assets'));
    writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><title>Parley</title><div id="root"></div>',
    );
    writeFileSync(path.join(webDir, 'assets', 'app-1234.js'), 'console.log("app")');
    stack = await startStack(infra.env, { WEB_DIR: webDir, RPC_TIMEOUT_MS: '800' });
  }, 30_000);

  afterAll(async () => {
    await stack?.stop();
    await infra?.cleanup();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('reports every component up', async () => {
    const res = await fetch(`${stack.url}/api/health`);
    expect(res.status).toBe(200);
    const expected = Object.fromEntries(
      ['gateway', ...SERVICE_NAMES, 'postgres', 'nats', 'redis'].map((c) => [c, 'up']),
    );
    expect(await res.json()).toEqual({ status: 'ok', components: expected });
  });

  it('answers liveness and readiness without touching the services', async () => {
    expect(await (await fetch(`${stack.url}/api/health/live`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${stack.url}/api/health/ready`)).status).toBe(200);
  });

  it('puts security headers and a request id on every response', async () => {
    for (const p of ['/api/health/live', '/api/nowhere', '/', '/assets/app-1234.js']) {
      const res = await fetch(`${stack.url}${p}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-request-id')).toMatch(/^[\w-]+$/);
    }
    const page = await fetch(`${stack.url}/messages`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const api = await fetch(`${stack.url}/api/health/live`);
    expect(api.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const echoed = await fetch(`${stack.url}/api/health/live`, { headers: { 'x-request-id': 'trace-7' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-7');
  });

  it('writes one JSON line per request: method, route, status, duration, request id; probes at debug', async () => {
    const lines: Record<string, unknown>[] = [];
    const capture = (level: 'info' | 'debug') =>
      new JsonLogger('gateway', level, (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    for (const level of ['info', 'debug'] as const) {
      lines.length = 0;
      const config = loadConfig(GatewayConfig, { ...infra.env, PORT: '0', HOST: '127.0.0.1' });
      const replica = await createGateway(config, capture(level));
      try {
        const address = replica.getHttpServer().address();
        const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
        const customers = await fetch(`${url}/api/customers/0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c`, {
          headers: { 'x-request-id': 'trace-42' },
        });
        await fetch(`${url}/api/health/live`);
        expect(customers.status).toBe(401);
        const requests = lines.filter((l) => l.msg === 'request');
        const expected = [
          {
            level: 'info',
            method: 'GET',
            route: '/api/customers/:id',
            status: 401,
            durationMs: expect.any(Number),
            requestId: 'trace-42',
          },
        ];
        if (level === 'debug')
          expected.push({ ...expected[0], level: 'debug', route: '/api/health/live', status: 200 });
        expect(requests).toEqual(
          expected.map((e) => expect.objectContaining({ ...e, requestId: expect.any(String) })),
        );
        expect(requests[0].requestId).toBe('trace-42');
      } finally {
        await replica.close();
      }
    }
  });

  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await fetch(`${stack.url}/api/no/such/thing?x=1`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({
      message: 'No such endpoint: GET /api/no/such/thing',
      code: 'NOT_FOUND',
    });
  });

  it('routes an absolute-form request target by its path, and a malformed one nowhere', async () => {
    expect(await rawGet(stack.url, 'http://example.com/api/health/live')).toContain('{"status":"ok"}');
    for (const target of ['http:///api/health/live', 'http://[bad/api/health/live', '*']) {
      const res = await rawGet(stack.url, target);
      expect(res).not.toContain('{"status":"ok"}');
      expect(res).toContain('\r\nx-frame-options: DENY\r\n');
    }
  });

  it('serves the web app with a fallback to index.html for client routes', async () => {
    for (const p of ['/', '/messages', '/reset-password/abc', '/Some/Unknown/Page/']) {
      const res = await fetch(`${stack.url}${p}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
    const asset = await fetch(`${stack.url}/assets/app-1234.js`);
    expect(await asset.text()).toBe('console.log("app")');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${stack.url}/messages`, { method: 'POST' })).status).toBe(404);
  });

  it('counts a body it refuses unread as an attempt of a rate-limited route', async () => {
    const attempt = () =>
      fetch(`${stack.url}/api/auth/reset-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: deeplyNested(400_000),
      });
    for (let i = 0; i < 60; i++) expect((await attempt()).status).toBe(400);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('answers a path that does not decode with our 400 and the security headers', async () => {
    const res = await fetch(`${stack.url}/api/%`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'The request path is not valid', code: 'VALIDATION_FAILED' });
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('reports a stopped service down within a second, and the rest still up', async () => {
    await stack.services.get('billing-service')?.app.close();
    stack.services.delete('billing-service');
    const started = Date.now();
    const res = await fetch(`${stack.url}/api/health`);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(res.status).toBe(503);
    const body = (await res.json()) as { status: string; components: Record<string, string> };
    expect(body.status).toBe('down');
    expect(body.components['billing-service']).toBe('down');
    expect(body.components['auth-service']).toBe('up');
    const one = await fetch(`${stack.url}/api/health/billing-service`);
    expect(one.status).toBe(503);
    expect(await one.json()).toEqual({ component: 'billing-service', status: 'down' });
    expect((await fetch(`${stack.url}/api/health/nonsense`)).status).toBe(404);
  });

  it('answers 504 when a service takes longer than RPC_TIMEOUT_MS, without hanging', async () => {
    await stack.services.get('auth-service')?.app.close();
    stack.services.delete('auth-service');
    const nc = await connectNats(infra.env.NATS_URL, 'silent-auth');
    nc.subscribe(infra.env.NATS_PREFIX + AUTH_SUBJECTS.login, { callback: () => undefined });
    await nc.flush();
    const started = Date.now();
    const res = await fetch(`${stack.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'slow@shop.example', password: 'Tq8#vLw2!xZ' }),
    });
    const elapsed = Date.now() - started;
    await nc.close();
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ message: 'The auth service did not answer in time', code: 'TIMEOUT' });
    expect(elapsed).toBeGreaterThanOrEqual(750);
    expect(elapsed).toBeLessThan(2000);
  });
});

/** The raw answer to a GET with a request target fetch cannot send (absolute-form, "*"). */
function rawGet(baseUrl: string, target: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
