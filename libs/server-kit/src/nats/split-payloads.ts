import { Parser } from 'nats/lib/nats-base-client/parser';

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

/**
 * nats.js collects a payload that spans socket reads in a growable buffer that copies and doubles
 * itself as the rest arrives: a 33 KB list page split across two reads was allocated and copied ~2–3×
 * over, ~40 % of the gateway's time in nats.js (CPU profile of the bench's lists scenario). The MSG
 * line gives the payload's size, so one buffer of exactly that size takes over once the parser has
 * started collecting (it does so only when a read ends inside a payload). Applies to every connection
 * of the process; calling it again does nothing.
 */
export function collectSplitPayloadsInOneBuffer(): void {
  if (patched) return;
  patched = true;
  const parse = Parser.prototype.parse;
  Parser.prototype.parse = function (this: Parser, buf: Uint8Array): void {
    parse.call(this, buf);
    const state = this as unknown as ParserState;
    if (state.msgBuf && !(state.msgBuf instanceof SizedPayload))
      state.msgBuf = new SizedPayload(state.msgBuf.bytes({ copy: false }), state.ma.size);
  };
}
