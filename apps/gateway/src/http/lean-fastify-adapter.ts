import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** The addHook of the instance FastifyAdapter's constructor is building, while it is muted (setInstance). */
let mutedAddHook: FastifyInstance['addHook'] | undefined;

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
    super({ ...options, skipMiddie: true });
    const instance: FastifyInstance = this.getInstance();
    if (mutedAddHook) instance.addHook = mutedAddHook;
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
