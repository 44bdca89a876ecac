import { Parser } from 'nats/lib/nats-base-client/parser';
import { requireMembers } from '../patches/patches';

interface PayloadBuffer {
  readonly length: number;
  write(chunk: Uint8Array): number;
  writeByte(byte: number): void;
  bytes(options?: { copy: boolean }): Uint8Array;
}

/** The parser's state while a message's payload spans socket reads (nats.js's own fields). */
interface ParserState {
  ma: { size: number };
  msgBuf?: PayloadBuffer;
}

/** A payload that spans socket reads, collected in one buffer of the size its MSG line announced. */
class SizedPayload implements PayloadBuffer {
  private readonly buf: Uint8Array;
  private filled: number;

  constructor(head: Uint8Array, size: number) {
    this.buf = Buffer.allocUnsafe(size); // every byte is written before the payload is handed on
    this.buf.set(head);
    this.filled = head.length;
  }

  get length(): number {
    return this.filled;
  }

  write(chunk: Uint8Array): number {
    this.buf.set(chunk, this.filled);
    this.filled += chunk.length;
    return chunk.length;
  }

  writeByte(byte: number): void {
    this.buf[this.filled++] = byte;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.filled);
  }
}

let patched = false;

/** The start of a message whose payload (4 bytes) has not fully arrived: the parser starts collecting it. */
const SPLIT_MESSAGE = new TextEncoder().encode('MSG probe 1 4\r\nab');

/**
 * The nats-parser patch's guard (libs/server-kit/src/patches/patches.ts): Parser.prototype.parse exists,
 * and a parser fed the start of a split payload holds the state the patch reads and replaces (`ma.size`,
 * `msgBuf` with `bytes()`). `parser` is the class to check: nats.js's own unless a test passes a stand-in.
 */
export function checkSplitPayloadsPatch(
  parser: new (dispatcher: { push(event: unknown): void }) => object = Parser,
): void {
  requireMembers('nats-parser', parser.prototype, 'Parser.prototype', { parse: 'function' });
  const probe = new parser({ push: () => undefined });
  (probe as { parse(buf: Uint8Array): void }).parse(SPLIT_MESSAGE);
  requireMembers('nats-parser', probe, 'Parser', { ma: 'object', msgBuf: 'object' });
  const state = probe as unknown as ParserState;
  requireMembers('nats-parser', state.ma, 'Parser.ma', { size: 'number' });
  requireMembers('nats-parser', state.msgBuf, 'Parser.msgBuf', { bytes: 'function' });
}

/**
 * nats.js collects a payload that spans socket reads in a growable buffer that copies and doubles
 * itself as the rest arrives, so a list page split across reads is allocated and copied several times
 * over (docs/performance.md, "Receive buffer"). The MSG line gives the payload's size, so one buffer of
 * exactly that size takes over once the parser has started collecting (it does so only when a read ends
 * inside a payload). Applies to every connection of the process; calling it again does nothing.
 * Patches nats.js's Parser: checked first by checkSplitPayloadsPatch (patch nats-parser in
 * libs/server-kit/src/patches/patches.ts).
 */
export function collectSplitPayloadsInOneBuffer(): void {
  if (patched) return;
  checkSplitPayloadsPatch();
  patched = true;
  const parse = Parser.prototype.parse;
  Parser.prototype.parse = function (this: Parser, buf: Uint8Array): void {
    parse.call(this, buf);
    const state = this as unknown as ParserState;
    if (state.msgBuf && !(state.msgBuf instanceof SizedPayload))
      state.msgBuf = new SizedPayload(state.msgBuf.bytes({ copy: false }), state.ma.size);
  };
}
