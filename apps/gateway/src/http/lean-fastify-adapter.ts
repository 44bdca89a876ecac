import { FastifyAdapter } from '@nestjs/platform-fastify';
import { patchCannotApply, requireMembers } from '@parley/server-kit';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The addHook of the instance FastifyAdapter's constructor is building, while it is muted (setInstance). */
let mutedAddHook: FastifyInstance['addHook'] | undefined;

/**
 * The fastify-adapter-hooks patch's guard (libs/server-kit/src/patches/patches.ts): FastifyAdapter still
 * has the methods LeanFastifyAdapter overrides and uses. That its constructor hands the instance to
 * setInstance before adding hooks, and that the instance has an addHook, is checked as the adapter is built.
 * `adapter` is a stand-in in tests.
 */
export function checkLeanFastifyAdapterPatch(adapter: { prototype: object } = FastifyAdapter): void {
  requireMembers('fastify-adapter-hooks', adapter.prototype, 'FastifyAdapter.prototype', {
    setInstance: 'function',
    getInstance: 'function',
    setOnRequestHook: 'function',
    setOnResponseHook: 'function',
    enableCors: 'function',
  });
}

/**
 * Nest's FastifyAdapter without the request hooks its constructor puts on every route: four onRequest
 * hooks (for setOnRequestHook, enableCors, Nest middleware on odd request targets, errors of custom
 * versioning) and one onResponse hook (for setOnResponseHook). The gateway uses none of these: no CORS,
 * no versioning, no Nest middleware (middie is skipped). Hooks are paid on every request, and an
 * onResponse hook also makes Fastify add and remove two listeners and read the clock twice per response.
 * The request-target check of the third hook is kept in our own request guard (isRoutableTarget).
 * The adapter methods that relied on the dropped hooks throw rather than silently doing nothing.
 */
export class LeanFastifyAdapter extends FastifyAdapter {
  constructor(options: FastifyServerOptions) {
    checkLeanFastifyAdapterPatch();
    mutedAddHook = undefined;
    super({ ...options, skipMiddie: true });
    const instance: FastifyInstance = this.getInstance();
    // Unset: FastifyAdapter's constructor no longer hands its instance to setInstance, so its hooks went on.
    if (!mutedAddHook)
      throw patchCannotApply(
        'fastify-adapter-hooks',
        "call to setInstance() in FastifyAdapter's constructor",
      );
    instance.addHook = mutedAddHook;
    mutedAddHook = undefined;
  }

  /**
   * FastifyAdapter's constructor calls this with the instance it created, then adds its hooks: addHook
   * ignores them until our constructor gives it back.
   */
  override setInstance<T>(instance: T): void {
    const constructing = this.getInstance() === undefined;
    super.setInstance(instance);
    if (!constructing) return;
    const fastify = instance as FastifyInstance;
    requireMembers('fastify-adapter-hooks', fastify, 'the Fastify instance', { addHook: 'function' });
    mutedAddHook = fastify.addHook;
    fastify.addHook = (() => fastify) as FastifyInstance['addHook'];
  }

  override setOnRequestHook(): never {
    throw new Error('LeanFastifyAdapter has no setOnRequestHook: add a Fastify hook instead');
  }

  override setOnResponseHook(): never {
    throw new Error('LeanFastifyAdapter has no setOnResponseHook: add a Fastify hook instead');
  }

  override enableCors(): never {
    throw new Error('LeanFastifyAdapter does not do CORS');
  }
}

/**
 * The check of Nest's dropped hook: a request target is routable when it is a path ("/…") or an absolute
 * URL ("GET http://host/path", routed by its path). Fastify's router also takes a few targets Nest
 * refuses (no host, or not a valid URL): Nest answers those 404, and so does our request guard.
 */
export function isRoutableTarget(url: string): boolean {
  return url.charCodeAt(0) === 47 /* '/' */ || (/^https?:\/\/[^/]/i.test(url) && URL.canParse(url));
}
