import { FastifyAdapter } from '@nestjs/platform-fastify';
import { patchCannotApply } from '@parley/server-kit';
import { checkLeanFastifyAdapterPatch, isRoutableTarget, LeanFastifyAdapter } from './lean-fastify-adapter';

/** The message the fastify-adapter-hooks patch stops start-up with when `member` is missing. */
function cannotApply(member: string): string {
  return patchCannotApply('fastify-adapter-hooks', member).message;
}

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

describe('patch fastify-adapter-hooks', () => {
  it("applies to the installed Nest's FastifyAdapter", () => {
    expect(() => checkLeanFastifyAdapterPatch()).not.toThrow();
  });

  it.each(['setInstance', 'getInstance', 'setOnRequestHook', 'setOnResponseHook', 'enableCors'])(
    'stops on a FastifyAdapter without %s()',
    (member) => {
      const standIn = {
        prototype: Object.create(FastifyAdapter.prototype, { [member]: { value: undefined } }) as object,
      };
      expect(() => checkLeanFastifyAdapterPatch(standIn)).toThrow(
        cannotApply(`FastifyAdapter.prototype.${member}()`),
      );
    },
  );

  it('stops when the Fastify instance handed to setInstance has no addHook', () => {
    const original = FastifyAdapter.prototype.setInstance;
    const setInstance = jest.spyOn(FastifyAdapter.prototype, 'setInstance').mockImplementationOnce(function (
      this: FastifyAdapter,
      instance: unknown,
    ) {
      delete (instance as { addHook?: unknown }).addHook;
      original.call(this, instance);
    });
    try {
      expect(() => new LeanFastifyAdapter({})).toThrow(cannotApply('the Fastify instance.addHook()'));
    } finally {
      setInstance.mockRestore();
    }
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
