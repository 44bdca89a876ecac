import { isRoutableTarget, LeanFastifyAdapter } from './lean-fastify-adapter';

describe('LeanFastifyAdapter', () => {
  it('puts no hook of its own on routes, while hooks added later run', async () => {
    const fastify = new LeanFastifyAdapter({}).getInstance();
    fastify.addHook('onRequest', function ours(_req, reply, done) {
      void reply.header('x-ours', 'yes');
      done();
    });
    fastify.get('/x', (_req, reply) => reply.send({ ok: true }));
    await fastify.ready();

    expect(fastify.printRoutes({ includeHooks: true, commonPrefix: false })).toContain(
      '/x (GET)\n    • (onRequest) ["ours()"]\n',
    );
    const res = await fastify.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ours']).toBe('yes');
    await fastify.close();
  });

  it('refuses what needs the hooks it dropped', () => {
    const adapter = new LeanFastifyAdapter({});
    expect(() => adapter.setOnRequestHook()).toThrow(/no setOnRequestHook/);
    expect(() => adapter.setOnResponseHook()).toThrow(/no setOnResponseHook/);
    expect(() => adapter.enableCors()).toThrow(/CORS/);
  });
});

describe('isRoutableTarget', () => {
  it('accepts paths and absolute URLs, as Nest does', () => {
    expect(isRoutableTarget('/api/health/live')).toBe(true);
    expect(isRoutableTarget('http://example.com/api/health/live')).toBe(true);
    expect(isRoutableTarget('HTTPS://example.com')).toBe(true);
  });

  it('refuses targets Nest would not route', () => {
    expect(isRoutableTarget('*')).toBe(false);
    expect(isRoutableTarget('api/health/live')).toBe(false);
    expect(isRoutableTarget('http:///api/health/live')).toBe(false);
    expect(isRoutableTarget('http://[bad/api/health/live')).toBe(false);
    expect(isRoutableTarget('ftp://example.com/api/health/live')).toBe(false);
  });
});
