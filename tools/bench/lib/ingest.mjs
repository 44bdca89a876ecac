// Shared by the ingest scenarios (50, 51, 52): varied simulate-message bodies, the measurement of ours,
// the floor path and its scratch tables.
import { randomUUID } from 'node:crypto';
import { createOwner, purgeStaleOwners, retireOwner, setAutoRespond, withDb } from './owners.mjs';

export const PLATFORMS = ['facebook', 'instagram', 'twitter', 'whatsapp'];
const FIRST = ['Lucía', 'James', 'Sofía', 'Emily', 'Carlos', 'Olivia', 'Javier', 'Hannah', 'Elena', 'Ryan'];
const LAST = [
  'García',
  'Smith',
  'Martínez',
  'Brown',
  'López',
  'Taylor',
  'Sánchez',
  'Walker',
  'Romero',
  'Clark',
];
const CONTENTS = [
  'Hi! Do you ship to Portugal, and how long does it take?',
  'Is the 40 L hiking backpack back in stock?',
  'Hola, ¿tenéis la chaqueta impermeable en talla M?',
  'What time do you open on Saturday?',
  '¿Cuánto cuesta el envío a Sevilla?',
  'Can I change the delivery address on order #{order}?',
  'Buenas tardes, quería devolver unas botas que me quedan pequeñas.',
  'Do you have a discount for groups of 10 or more?',
  '¿Hacéis descuento a estudiantes?',
  'My tent arrived with a broken pole, what can I do?',
  'Hello, is the down sleeping bag suitable for -10 °C?',
  'Me interesa el hornillo de gas, ¿incluye el cartucho?',
];
/** ~1000 distinct senders (platformUsername) per platform, as the brief asks. */
const SENDERS = 1000;

/** The n-th request body: senders, platforms and contents vary; all are valid for SimulateMessageDto. */
export function ingestBody(n) {
  const sender = (n * 7919) % SENDERS;
  const first = FIRST[sender % FIRST.length];
  const last = LAST[Math.floor(sender / FIRST.length) % LAST.length];
  const content = CONTENTS[n % CONTENTS.length];
  return {
    platform: PLATFORMS[n % PLATFORMS.length],
    content: content.replace('{order}', String(100_000 + (n % 90_000))),
    platformUsername: `${first}.${last}${sender}`.toLowerCase(),
    senderName: `${first} ${last}`,
  };
}

/** autocannon options that POST a different body on every request (a counter per harness process). */
let counter = 0;
export function ingestRequests(headers) {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(ingestBody(counter++)) }) }],
  };
}

/**
 * Ours: POST /api/simulate-message at `connections`, as a fresh owner with auto-respond on and a
 * 300 s response delay, so every message schedules its reply job but no reply runs while we measure.
 * Afterwards the owner's delayed jobs are removed and its rows deleted.
 */
export async function measureIngest(ctx, { connections = 50 } = {}) {
  await purgeStaleOwners(ctx.env.DATABASE_URL);
  const owner = await createOwner(ctx, 'ingest');
  let result;
  try {
    await setAutoRespond(ctx, owner, { autoRespond: true, responseDelay: 300 });
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/simulate-message`, {
      connections,
      ...ingestRequests({ cookie: owner.cookie, origin: ctx.gatewayUrl }),
    });
    const stored = await withDb(ctx.env.DATABASE_URL, async (db) => {
      const { rows } = await db.query(
        `select count(*)::int as messages, count(distinct customer_id)::int as customers,
                count(*) filter (where status <> 'pending')::int as answered
           from messaging_service.messages where owner_id = $1`,
        [owner.id],
      );
      return rows[0];
    });
    result = { ours, stored };
  } finally {
    const removed = await retireOwner(ctx, owner);
    if (result) result.stored.removedJobs = removed;
  }
  return result;
}

/**
 * The floor of an inbound message: bare node:http → one raw nats.js request → a nats.js responder running
 * the same single-statement transaction (pg Pool of 10) on scratch copies of the two tables, at
 * `connections`, with the same varied bodies as ours. With `signed` ({ appSecret, requests }: the
 * autocannon options of ours' signed Messenger webhooks), the front checks each body's signature first
 * and stores the message it carries (52-meta-webhook).
 */
export async function measureIngestFloor(ctx, { connections = 50, signed } = {}) {
  const { DATABASE_URL: databaseUrl, NATS_URL: natsUrl, NATS_PREFIX: prefix } = ctx.env;
  const subject = `${prefix}floor.messaging.ingest`;
  await createFloorTables(databaseUrl);
  try {
    const store = await ctx.spawnFloor('ingest-store.mjs', {
      natsUrl,
      subject,
      databaseUrl,
      schema: FLOOR_SCHEMA,
      ownerId: randomUUID(),
    });
    const front = await ctx.spawnFloor('ingest-http.mjs', { natsUrl, subject, appSecret: signed?.appSecret });
    try {
      await store.next();
      const { ready } = await front.next();
      return await ctx.http(`http://127.0.0.1:${ready.port}/api/simulate-message`, {
        connections,
        ...(signed ? signed.requests : ingestRequests()),
      });
    } finally {
      await Promise.all([front.stop(), store.stop()]);
    }
  } finally {
    await dropFloorTables(databaseUrl);
  }
}

/** What ours stored, for the report. */
export function storedNote({ messages, customers, answered, removedJobs }) {
  return (
    `${messages.toLocaleString('en-US')} messages from ${customers.toLocaleString('en-US')} customers, ` +
    `${answered} answered during the run (auto-respond on, delay 300 s); ` +
    `${removedJobs ?? '?'} delayed reply jobs removed afterwards`
  );
}

/**
 * The floor's scratch tables: the columns, constraints and indexes of messaging_service's customers and
 * messages as first created (apps/messaging-service/src/migrations/Migration20261122000000.ts; the
 * nullable columns added since are left out), in a schema of their own that is dropped after the
 * measurement.
 */
export const FLOOR_SCHEMA = 'bench_floor';

export async function createFloorTables(databaseUrl) {
  await withDb(databaseUrl, async (db) => {
    await db.query('create extension if not exists pg_trgm with schema public');
    await db.query(`drop schema if exists ${FLOOR_SCHEMA} cascade`);
    await db.query(`create schema ${FLOOR_SCHEMA}`);
    await db.query(`create table ${FLOOR_SCHEMA}.customers (
      id uuid primary key,
      owner_id uuid not null,
      name text not null,
      email text null,
      phone text null,
      platform text not null,
      platform_username text not null,
      stage text not null default 'new' check (stage in ('new', 'interested', 'qualified', 'follow-up', 'converted')),
      status text not null default 'active',
      source text not null default 'social_media',
      tags text[] not null default '{}',
      interest text null,
      notes text null,
      last_contact timestamptz null,
      created_at timestamptz not null default now(),
      unique (owner_id, platform, platform_username)
    )`);
    await db.query(`create index on ${FLOOR_SCHEMA}.customers (owner_id, created_at desc, id desc)`);
    await db.query(`create index on ${FLOOR_SCHEMA}.customers using gin (
      (lower(name) || ' ' || coalesce(lower(email), '') || ' ' || lower(platform_username)) public.gin_trgm_ops)`);
    await db.query(`create table ${FLOOR_SCHEMA}.messages (
      id uuid primary key,
      owner_id uuid not null,
      customer_id uuid not null references ${FLOOR_SCHEMA}.customers (id) on delete cascade,
      platform text not null,
      content text not null,
      direction text not null check (direction in ('incoming', 'outgoing')),
      platform_message_id text null,
      status text not null default 'pending',
      ai_generated boolean not null default false,
      response_time integer null,
      failure_reason text null,
      metadata jsonb null,
      timestamp timestamptz not null default now(),
      unique (owner_id, platform, platform_message_id)
    )`);
    await db.query(`create index on ${FLOOR_SCHEMA}.messages (owner_id, timestamp desc, id desc)`);
    await db.query(`create index on ${FLOOR_SCHEMA}.messages (customer_id, timestamp desc)`);
    await db.query(
      `create index on ${FLOOR_SCHEMA}.messages (timestamp) where status = 'pending' and direction = 'incoming'`,
    );
    await db.query(`create index on ${FLOOR_SCHEMA}.messages using gin (lower(content) public.gin_trgm_ops)`);
  });
}

export async function dropFloorTables(databaseUrl) {
  await withDb(databaseUrl, (db) => db.query(`drop schema if exists ${FLOOR_SCHEMA} cascade`));
}
