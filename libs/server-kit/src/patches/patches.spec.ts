import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { NatsConnection } from 'nats';
import { ServerNats } from '@nestjs/microservices';
import { DataBuffer } from 'nats/lib/nats-base-client/databuffer';
import { Parser } from 'nats/lib/nats-base-client/parser';
import { ProtocolHandler } from 'nats/lib/nats-base-client/protocol';
import { checkBatchWritesPatch, checkNatsPatches, tuneConnection } from '../nats/nats-connection';
import { checkServerNatsPatch, ParleyNatsServer } from '../nats/parley-nats.server';
import { checkSplitPayloadsPatch } from '../nats/split-payloads';
import {
  installedVersion,
  patchCannotApply,
  type PatchEntry,
  type PatchName,
  PATCHES,
  requireMembers,
} from './patches';

const root = path.resolve(__dirname, '../../../..');
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** The message a check throws for `member` of patch `name` (its wording is pinned by the requireMembers test). */
function cannotApply(name: PatchName, member: string): string {
  return patchCannotApply(name, member).message;
}

describe('the patch registry', () => {
  describe.each(Object.entries(PATCHES) as [PatchName, PatchEntry][])('%s', (name, patch) => {
    it('was written for the installed version, which package.json pins exactly', () => {
      expect(installedVersion(patch.dependency)).toBe(patch.writtenFor);
      expect(rootPackage.dependencies[patch.dependency]).toBe(patch.writtenFor);
    });

    it('names its source, which names it back, and its guard test', () => {
      expect(readFileSync(path.join(root, patch.source), 'utf8')).toContain(`'${name}'`);
      expect(existsSync(path.join(root, patch.guardTest))).toBe(true);
    });
  });

  it('requireMembers names the patch, the installed version, the member and the registry', () => {
    expect(() => requireMembers('nats-parser', {}, 'Parser.prototype', { parse: 'function' })).toThrow(
      `Patch nats-parser cannot apply: nats@${installedVersion('nats')} has no Parser.prototype.parse(); ` +
        `it was written for ${PATCHES['nats-parser'].writtenFor}. See libs/server-kit/src/patches/patches.ts`,
    );
    expect(() =>
      requireMembers('nats-send-command', { pendingLimit: '1' }, 'P', { pendingLimit: 'number' }),
    ).toThrow(cannotApply('nats-send-command', 'P.pendingLimit (number)'));
    expect(() => requireMembers('nats-send-command', null, 'P', { outbound: 'object' })).toThrow(
      cannotApply('nats-send-command', 'P.outbound (object)'),
    );
  });
});

/** `cls` with `member` shadowed by undefined: the installed class as an upgrade that dropped the member. */
function without<T extends { prototype: object }>(cls: T, member: string): T {
  return { prototype: Object.create(cls.prototype, { [member]: { value: undefined } }) as object } as T;
}

describe('patch nats-parser', () => {
  it('applies to the installed nats.js', () => {
    expect(() => checkSplitPayloadsPatch()).not.toThrow();
    expect(() => checkNatsPatches()).not.toThrow();
  });

  it('stops on a Parser without parse()', () => {
    expect(() => checkSplitPayloadsPatch(without(Parser, 'parse'))).toThrow(
      cannotApply('nats-parser', 'Parser.prototype.parse()'),
    );
  });

  it('stops on a Parser that keeps a split payload elsewhere than msgBuf', () => {
    class OtherState extends Parser {
      override parse(buf: Uint8Array): void {
        super.parse(buf);
        this.msgBuf = undefined;
      }
    }
    expect(() => checkSplitPayloadsPatch(OtherState)).toThrow(
      cannotApply('nats-parser', 'Parser.msgBuf (object)'),
    );
  });
});

describe('patch nats-send-command', () => {
  it('applies to the installed nats.js', () => {
    expect(() => checkBatchWritesPatch()).not.toThrow();
    const protocol = new ProtocolHandler({ servers: '127.0.0.1:4222' }, {} as never);
    const original = protocol.sendCommand;
    tuneConnection({ protocol } as unknown as NatsConnection);
    expect(Object.hasOwn(protocol, 'sendCommand')).toBe(true);
    expect(protocol.sendCommand).not.toBe(original);
  });

  it.each(['sendCommand', 'flushPending'])('stops on a ProtocolHandler without %s()', (member) => {
    expect(() => checkBatchWritesPatch(without(ProtocolHandler, member))).toThrow(
      cannotApply('nats-send-command', `ProtocolHandler.prototype.${member}()`),
    );
  });

  it.each(['length', 'size', 'fill'])('stops on a DataBuffer without %s()', (member) => {
    expect(() => checkBatchWritesPatch(ProtocolHandler, without(DataBuffer, member))).toThrow(
      cannotApply('nats-send-command', `DataBuffer.prototype.${member}()`),
    );
  });

  it('stops on a connection without the protocol members it replaces', () => {
    expect(() => tuneConnection({} as NatsConnection)).toThrow(
      cannotApply('nats-send-command', 'NatsConnectionImpl.protocol (object)'),
    );
    const protocol = new ProtocolHandler({ servers: '127.0.0.1:4222' }, {} as never);
    delete (protocol as { pendingLimit?: number }).pendingLimit;
    expect(() => tuneConnection({ protocol } as unknown as NatsConnection)).toThrow(
      cannotApply('nats-send-command', 'ProtocolHandler.pendingLimit (number)'),
    );
  });
});

describe('patch nest-server-nats', () => {
  it("applies to the installed Nest's ServerNats", () => {
    expect(() => checkServerNatsPatch()).not.toThrow();
    expect(
      () =>
        new ParleyNatsServer({
          servers: ['127.0.0.1:4222'],
          queue: 'test',
          prefix: 'test.',
          shutdownTimeoutMs: 1000,
          name: 'test',
        }),
    ).not.toThrow();
  });

  it.each([
    'listen',
    'start',
    'normalizePattern',
    'getHandlerByPattern',
    'createNatsClient',
    'bindEvents',
    'getMessageHandler',
    'handleMessage',
    'getPublisher',
    'close',
  ])('stops on a ServerNats without %s()', (member) => {
    expect(() => checkServerNatsPatch(without(ServerNats, member))).toThrow(
      cannotApply('nest-server-nats', `ServerNats.prototype.${member}()`),
    );
  });
});
