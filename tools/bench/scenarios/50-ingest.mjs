// Inbound messages: POST /api/simulate-message (gateway → session check → NATS → messaging-service: one
// SQL statement upserting the customer and storing the message, then the reply job queued in Redis and
// two realtime events) at 50 connections, bodies varied over ~1000 senders × 4 platforms and 12 texts.
// The owner has auto-respond on with a 300 s delay: every message schedules its reply job, but no
// reply runs during the measurement (the jobs are removed afterwards).
// Floor: bare node:http → one raw nats.js request → a nats.js responder running the same single-statement
// transaction (pg Pool of 10) on scratch copies of the two tables (schema bench_floor, indexes included).
// The ack p99 target of the same request is judged by 51-ingest-ack.mjs.
import { randomUUID } from 'node:crypto';
import {
  createFloorTables,
  dropFloorTables,
  FLOOR_SCHEMA,
  ingestRequests,
  measureIngest,
  storedNote,
} from '../lib/ingest.mjs';

export default {
  name: 'POST /api/simulate-message vs raw floor path at 50 connections',
  target: { ratio: 0.25 },

  async run(ctx) {
    const { DATABASE_URL: databaseUrl, NATS_URL: natsUrl, NATS_PREFIX: prefix } = ctx.env;
    const subject = `${prefix}floor.messaging.ingest`;
    const connections = 50;

    await createFloorTables(databaseUrl);
    let floor;
    try {
      const store = await ctx.spawnFloor('ingest-store.mjs', {
        natsUrl,
        subject,
        databaseUrl,
        schema: FLOOR_SCHEMA,
        ownerId: randomUUID(),
      });
      const front = await ctx.spawnFloor('ingest-http.mjs', { natsUrl, subject });
      try {
        await store.next();
        const { ready } = await front.next();
        floor = await ctx.http(`http://127.0.0.1:${ready.port}/api/simulate-message`, {
          connections,
          ...ingestRequests(),
        });
      } finally {
        await Promise.all([front.stop(), store.stop()]);
      }
    } finally {
      await dropFloorTables(databaseUrl);
    }

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
