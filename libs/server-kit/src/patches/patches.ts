/**
 * Every place where Parley patches a dependency's internals, in one list. Each entry names the
 * dependency and the exact version the patch was written for (package.json pins that version), what it
 * replaces, why, where it lives and the spec that guards it. Each patch checks, before it applies, that
 * the members it replaces or relies on are still there (with `requireMembers` below) and stops start-up
 * with an error naming the patch, the installed version and the missing member, rather than silently
 * doing nothing or misbehaving after an upgrade. To upgrade one of these dependencies: bump its exact
 * version in package.json, read the entry's source against the new release, run its guard test, then
 * update `writtenFor` here (the registry's spec fails until the three agree). Measurements behind the
 * "why" are in docs/performance.md.
 */
import nestMicroservicesPackage from '@nestjs/microservices/package.json';
import nestPlatformFastifyPackage from '@nestjs/platform-fastify/package.json';
import natsPackage from 'nats/package.json';

export interface PatchEntry {
  /** The npm package whose internals are patched. */
  dependency: keyof typeof INSTALLED;
  /** The exact version the patch was written and tested against. */
  writtenFor: string;
  /** The members replaced or relied on. */
  replaces: string;
  why: string;
  /** Where the patch and its check live, from the repository root. */
  source: string;
  /** The spec that runs the check against the installed dependency and against a stand-in missing a member. */
  guardTest: string;
}

/** Installed versions of the patched dependencies, as the running process loads them. */
const INSTALLED = {
  nats: natsPackage.version,
  '@nestjs/microservices': nestMicroservicesPackage.version,
  '@nestjs/platform-fastify': nestPlatformFastifyPackage.version,
};

export const PATCHES = {
  'nats-parser': {
    dependency: 'nats',
    writtenFor: '2.29.3',
    replaces:
      'Parser.prototype.parse (wrapped), and the parser state it reads and replaces: `ma.size` and `msgBuf`.',
    why:
      'A payload that spans socket reads is collected in one buffer of the size its MSG line announces, ' +
      "instead of nats.js's buffer that copies and doubles itself as the rest arrives " +
      '(docs/performance.md, "Receive buffer").',
    source: 'libs/server-kit/src/nats/split-payloads.ts',
    guardTest: 'libs/server-kit/src/patches/patches.spec.ts',
  },
  'nats-send-command': {
    dependency: 'nats',
    writtenFor: '2.29.3',
    replaces:
      "ProtocolHandler#sendCommand of each connection (replaced), using its `outbound` DataBuffer's " +
      'length/size/fill, `pendingLimit` and flushPending.',
    why:
      'Writes are flushed once per event-loop turn (setImmediate) instead of once per microtask queue, so ' +
      'the requests of one turn go out in one socket write (docs/performance.md, "Write flushing").',
    source: 'libs/server-kit/src/nats/nats-connection.ts',
    guardTest: 'libs/server-kit/src/patches/patches.spec.ts',
  },
  'nest-server-nats': {
    dependency: '@nestjs/microservices',
    writtenFor: '11.2.6',
    replaces:
      'ServerNats overrides in ParleyNatsServer: normalizePattern, getHandlerByPattern, createNatsClient, ' +
      'bindEvents, handleMessage, getPublisher, close; relies on listen/start calling createNatsClient and ' +
      'bindEvents, getMessageHandler calling handleMessage, and the protected `messageHandlers` map.',
    why:
      "Subject prefixes, the caller's request id in the log context, raw replies, tuned connections and a " +
      'shutdown that drains in-flight requests; the overrides are dead code if Nest stops calling them.',
    source: 'libs/server-kit/src/nats/parley-nats.server.ts',
    guardTest: 'libs/server-kit/src/patches/patches.spec.ts',
  },
  'fastify-adapter-hooks': {
    dependency: '@nestjs/platform-fastify',
    writtenFor: '11.2.8',
    replaces:
      "FastifyAdapter#setInstance (overridden to mute the Fastify instance's addHook while FastifyAdapter's " +
      'constructor runs), setOnRequestHook, setOnResponseHook and enableCors (overridden to throw).',
    why:
      "Drops the request hooks FastifyAdapter's constructor puts on every route, which the gateway does not " +
      'use (no CORS, versioning or Nest middleware) and which are paid on every request.',
    source: 'apps/gateway/src/http/lean-fastify-adapter.ts',
    guardTest: 'apps/gateway/src/http/lean-fastify-adapter.spec.ts',
  },
} as const satisfies Record<string, PatchEntry>;

export type PatchName = keyof typeof PATCHES;

/** What a member must be: a method, or a field of that `typeof`. */
export type MemberKind = 'function' | 'object' | 'number';

/** The version of a patched dependency that this process has installed. */
export function installedVersion(dependency: PatchEntry['dependency']): string {
  return INSTALLED[dependency];
}

/** The error that stops start-up when a patch's members are missing. */
export function patchCannotApply(name: PatchName, member: string): Error {
  const patch: PatchEntry = PATCHES[name];
  return new Error(
    `Patch ${name} cannot apply: ${patch.dependency}@${installedVersion(patch.dependency)} has no ${member}; ` +
      `it was written for ${patch.writtenFor}. See libs/server-kit/src/patches/patches.ts`,
  );
}

/**
 * Throws patchCannotApply unless `target` (described as `label` in the message, e.g. "Parser.prototype")
 * has each member, of its kind. Members are looked up along the prototype chain, so inherited methods count.
 */
export function requireMembers(
  name: PatchName,
  target: unknown,
  label: string,
  members: Readonly<Record<string, MemberKind>>,
): void {
  for (const [member, kind] of Object.entries(members)) {
    const value: unknown =
      target !== null && (typeof target === 'object' || typeof target === 'function')
        ? (target as Record<string, unknown>)[member]
        : undefined;
    const ok = kind === 'object' ? typeof value === 'object' && value !== null : typeof value === kind;
    if (!ok)
      throw patchCannotApply(
        name,
        kind === 'function' ? `${label}.${member}()` : `${label}.${member} (${kind})`,
      );
  }
}
