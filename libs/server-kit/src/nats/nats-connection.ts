import { connect, type NatsConnection } from 'nats';
import { DataBuffer } from 'nats/lib/nats-base-client/databuffer';
import { ProtocolHandler } from 'nats/lib/nats-base-client/protocol';
import { requireMembers } from '../patches/patches';
import { checkSplitPayloadsPatch, collectSplitPayloadsInOneBuffer } from './split-payloads';

/** How long the first connect may take before start-up fails. */
const FIRST_CONNECT_MS = 20_000;

/**
 * Connects to NATS, reconnecting forever once connected; the first connect fails after FIRST_CONNECT_MS
 * (a start-up without NATS stops, saying so, within a readiness probe's patience). 3 s, then 10 s, were too
 * short on a 2-core machine whose CPU another process held: a start failed with NATS up (10 s in a test that
 * boots the whole stack in one process while Jest's other worker ran); 20 s is nats.js's own default.
 * `noAsyncTraces`: no stack capture per request (a sizeable share of a request's cost; see
 * docs/performance.md, "Figures moved from code comments"); errors still say which subject failed.
 */
export async function connectNats(url: string, name: string): Promise<NatsConnection> {
  checkNatsPatches();
  const nc = await connect({
    servers: url.split(','),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    timeout: FIRST_CONNECT_MS,
    noAsyncTraces: true,
  });
  tuneConnection(nc);
  return nc;
}

/**
 * nats.js as every Parley connection runs it: writes batched per event-loop turn, and a payload that
 * spans socket reads collected in one buffer (see split-payloads.ts).
 */
export function tuneConnection(nc: NatsConnection): void {
  collectSplitPayloadsInOneBuffer();
  batchWrites(nc);
}

/**
 * The guards of the nats.js patches (libs/server-kit/src/patches/patches.ts), run before connecting: a
 * nats.js whose internals moved stops start-up with a message naming the missing member.
 */
export function checkNatsPatches(): void {
  checkSplitPayloadsPatch();
  checkBatchWritesPatch();
}

/** What the patch calls: on ProtocolHandler, and on its outbound DataBuffer. */
const PROTOCOL_METHODS = { sendCommand: 'function', flushPending: 'function' } as const;
const OUTBOUND_METHODS = { length: 'function', size: 'function', fill: 'function' } as const;

/**
 * The nats-send-command patch's guard: nats.js's ProtocolHandler has the sendCommand it replaces and the
 * flushPending it calls, and its outbound DataBuffer the methods it uses. Stand-ins are for tests.
 */
export function checkBatchWritesPatch(
  protocolHandler: { prototype: object } = ProtocolHandler,
  dataBuffer: { prototype: object } = DataBuffer,
): void {
  requireMembers(
    'nats-send-command',
    protocolHandler.prototype,
    'ProtocolHandler.prototype',
    PROTOCOL_METHODS,
  );
  requireMembers('nats-send-command', dataBuffer.prototype, 'DataBuffer.prototype', OUTBOUND_METHODS);
}

interface Outbound {
  length(): number;
  size(): number;
  fill(buf: Uint8Array, ...payloads: Uint8Array[]): void;
}

interface Protocol {
  outbound: Outbound;
  pendingLimit: number;
  flushPending(): void;
  sendCommand(cmd: string | Uint8Array, ...payloads: Uint8Array[]): void;
}

const encoder = new TextEncoder();

/**
 * nats.js writes its outbound buffer to the socket at the end of the current microtask queue. Requests
 * made by separate HTTP requests therefore cost one socket write each, and on loopback every write also
 * wakes the server at once. Flushing on setImmediate instead sends every request of one event-loop turn
 * in a single write (docs/performance.md, "Write flushing"), at the cost of the remaining I/O callbacks
 * of that turn. Same buffer, same size limit as nats.js's own sendCommand. Patch nats-send-command in
 * libs/server-kit/src/patches/patches.ts; the connection's own members are checked here before replacing.
 */
function batchWrites(nc: NatsConnection): void {
  requireMembers('nats-send-command', nc, 'NatsConnectionImpl', { protocol: 'object' });
  const protocol = (nc as unknown as { protocol: Protocol }).protocol;
  requireMembers('nats-send-command', protocol, 'ProtocolHandler', {
    ...PROTOCOL_METHODS,
    outbound: 'object',
    pendingLimit: 'number',
  });
  requireMembers('nats-send-command', protocol.outbound, 'ProtocolHandler.outbound', OUTBOUND_METHODS);
  protocol.sendCommand = function sendCommand(this: Protocol, cmd, ...payloads) {
    const first = this.outbound.length() === 0;
    this.outbound.fill(typeof cmd === 'string' ? encoder.encode(cmd) : cmd, ...payloads);
    if (first) setImmediate(() => this.flushPending());
    else if (this.outbound.size() >= this.pendingLimit) this.flushPending();
  };
}
