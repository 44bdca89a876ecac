// Inbound messages: POST /api/simulate-message (gateway → session check → NATS → messaging-service: one
// SQL statement upserting the customer and storing the message, then the reply job queued in Redis and
// two realtime events) at 50 connections, bodies varied over ~1000 senders × 4 platforms and 12 texts.
// The owner has auto-respond on with a 300 s delay: every message schedules its reply job, but no
// reply runs during the measurement (the jobs are removed afterwards).
// Floor: bare node:http → one raw nats.js request → a nats.js responder running the same single-statement
// transaction (pg Pool of 10) on scratch copies of the two tables (schema bench_floor, indexes included).
// The ack p99 target of the same request is judged by 51-ingest-ack.mjs.
import { measureIngest, measureIngestFloor, storedNote } from '../lib/ingest.mjs';

export default {
  name: 'POST /api/simulate-message vs raw floor path at 50 connections',
  target: { ratio: 0.5 },

  async run(ctx) {
    const connections = 50;
    const floor = await measureIngestFloor(ctx, { connections });
    const { ours, stored } = await measureIngest(ctx, { connections });
    return {
      ours,
      floor,
      extra: {
        'stored by ours (warm-up included)': {
          note: storedNote(stored),
        },
      },
    };
  },
};
