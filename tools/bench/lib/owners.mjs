// Owners that hold data (messages, customers, usage) for the messaging scenarios. Each scenario uses a
// fresh owner, so runs never read each other's rows, and deletes that owner's rows when it is done.
// The bench database persists between runs: owners left behind by an interrupted run (recognised by
// their e-mail, `bench-data-…@parley.bench`) are purged by the next run once they are an hour old,
// which also keeps the messaging-service reconciler from re-queueing their pending messages forever.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createVerifiedOwner, signIn } from './accounts.mjs';

const EMAIL_PREFIX = 'bench-data-';
const STALE_AFTER = '1 hour';
/** Bull's keys for messaging-service's reply queue (see libs/server-kit and replies/reply-queue.ts). */
const replyQueueKey = (redisPrefix) => `${redisPrefix}:bull:agent-replies`;

/** Runs `fn(client)` with a connected pg client, closed afterwards. */
export async function withDb(databaseUrl, fn) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A verified owner, signed in: { id, email, cookie }. `kind` names the scenario in the e-mail. */
export async function createOwner(ctx, kind) {
  const id = randomUUID();
  const email = `${EMAIL_PREFIX}${kind}-${id}@parley.bench`;
  const cookie = await signIn(ctx.gatewayUrl, await createVerifiedOwner(ctx.env.DATABASE_URL, { id, email }));
  return { id, email, cookie };
}

/** One JSON API call as `owner`; throws on anything but 2xx. */
export async function api(ctx, owner, method, path, body) {
  const res = await fetch(`${ctx.gatewayUrl}${path}`, {
    method,
    headers: {
      cookie: owner.cookie,
      origin: ctx.gatewayUrl,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return { body: text ? JSON.parse(text) : undefined, headers: res.headers };
}

/** PUT /api/ai-config with the bench company and the given auto-respond settings. */
export async function setAutoRespond(ctx, owner, { autoRespond, responseDelay }) {
  await api(ctx, owner, 'PUT', '/api/ai-config', {
    companyName: 'Otter Outfitters',
    companyDescription:
      'Outdoor clothing and camping gear shop in Valencia. We ship across Spain and Europe, open Monday to Saturday 9:00-20:00.',
    responseStyle: 'friendly',
    autoRespond,
    responseDelay,
  });
}

/** Lets the owner's AI replies run without hitting the default API-call limit. */
export async function raiseApiCallLimit(databaseUrl, ownerId) {
  await withDb(databaseUrl, (db) =>
    db.query(
      `insert into billing_service.accounts (owner_id, api_calls_limit) values ($1, 1000000000)
       on conflict (owner_id) do update set api_calls_limit = excluded.api_calls_limit`,
      [ownerId],
    ),
  );
}

/** Incoming messages of the owner still waiting for their reply. */
export async function pendingIncoming(db, ownerId) {
  const { rows } = await db.query(
    `select count(*)::int as n from messaging_service.messages
      where owner_id = $1 and direction = 'incoming' and status = 'pending'`,
    [ownerId],
  );
  return rows[0].n;
}

/**
 * Removes the owner's reply jobs still queued in Redis (delayed or waiting), so they do not run
 * during a later scenario. Returns how many were removed. A job running right now is left alone; it
 * finds its message gone once deleteOwnerData() has run.
 */
export async function removeReplyJobs(env, ownerId) {
  const base = replyQueueKey(env.REDIS_PREFIX);
  const redis = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true });
  let removed = 0;
  try {
    await redis.connect();
    const delayed = await redis.zrange(`${base}:delayed`, 0, -1);
    const waiting = await redis.lrange(`${base}:wait`, 0, -1);
    const candidates = [...delayed.map((id) => ['delayed', id]), ...waiting.map((id) => ['wait', id])];
    for (let i = 0; i < candidates.length; i += 1000) {
      const chunk = candidates.slice(i, i + 1000);
      const data = await redis.pipeline(chunk.map(([, id]) => ['hget', `${base}:${id}`, 'data'])).exec();
      const drop = redis.pipeline();
      chunk.forEach(([list, id], j) => {
        const [error, json] = data[j];
        if (error || !json || JSON.parse(json).ownerId !== ownerId) return;
        if (list === 'delayed') drop.zrem(`${base}:delayed`, id);
        else drop.lrem(`${base}:wait`, 0, id);
        drop.del(`${base}:${id}`, `${base}:${id}:logs`);
        removed++;
      });
      if (drop.length > 0) await drop.exec();
    }
  } finally {
    redis.disconnect();
  }
  return removed;
}

/**
 * Deletes everything the owners stored: messages, customers (and leads), AI config, knowledge, products,
 * channel connections and their traffic, usage, account.
 */
export async function deleteOwnerData(db, ownerIds) {
  const ids = Array.isArray(ownerIds) ? ownerIds : [ownerIds];
  if (ids.length === 0) return;
  await db.query('begin');
  try {
    await db.query('delete from messaging_service.messages where owner_id = any($1::uuid[])', [ids]);
    await db.query('delete from messaging_service.customers where owner_id = any($1::uuid[])', [ids]);
    await db.query('delete from messaging_service.ai_configs where owner_id = any($1::uuid[])', [ids]);
    // The report rollups, and the marks the deletes above left.
    for (const table of ['report_days', 'report_response_days', 'report_dirty']) {
      await db.query(`delete from messaging_service.${table} where owner_id = any($1::uuid[])`, [ids]);
    }
    await db.query('delete from messaging_service.knowledge_items where owner_id = any($1::uuid[])', [ids]);
    for (const table of ['replays', 'test_cases']) {
      await db.query(`delete from messaging_service.${table} where owner_id = any($1::uuid[])`, [ids]);
    }
    await db.query('delete from catalogue_service.products where owner_id = any($1::uuid[])', [ids]);
    // Deliveries and enrolments before the subscribers, campaigns and sequences they name.
    for (const table of [
      'email_deliveries',
      'email_sequence_enrolments',
      'email_sequences',
      'email_campaigns',
      'email_subscribers',
      'email_templates',
    ]) {
      await db.query(`delete from marketing_service.${table} where owner_id = any($1::uuid[])`, [ids]);
    }
    for (const table of ['deliveries', 'contacts', 'oauth_states', 'integrations']) {
      await db.query(`delete from integrations_service.${table} where owner_id = any($1::uuid[])`, [ids]);
    }
    await db.query('delete from billing_service.usage_events where owner_id = any($1::uuid[])', [ids]);
    await db.query('delete from billing_service.accounts where owner_id = any($1::uuid[])', [ids]);
    // Memberships go with their users; a workspace names its owner, so it goes first.
    await db.query('delete from auth_service.workspaces where owner_id = any($1::uuid[])', [ids]);
    await db.query('delete from auth_service.users where id = any($1::uuid[])', [ids]);
    await db.query('commit');
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

/**
 * Stops replies for the owner (auto-respond off, queued jobs removed) and deletes its data. Returns how
 * many queued reply jobs were removed. Errors are reported, not thrown: cleaning up must not hide the
 * scenario's own result or error.
 */
export async function retireOwner(ctx, owner) {
  try {
    await setAutoRespond(ctx, owner, { autoRespond: false, responseDelay: 0 });
    const removed = await removeReplyJobs(ctx.env, owner.id);
    await withDb(ctx.env.DATABASE_URL, (db) => deleteOwnerData(db, owner.id));
    return removed;
  } catch (error) {
    console.error(`  could not clean up owner ${owner.email}: ${error.message}`);
    return undefined;
  }
}

/**
 * Deletes the data of `bench-data-` owners older than an hour (left by interrupted runs), or of every
 * earlier owner of one `kind` with `{ kind, olderThan: '0 seconds' }`.
 */
export async function purgeStaleOwners(databaseUrl, { kind = '', olderThan = STALE_AFTER } = {}) {
  await withDb(databaseUrl, async (db) => {
    const { rows } = await db.query(
      `select id from auth_service.users where email like $1 and created_at < now() - $2::interval`,
      [`${EMAIL_PREFIX}${kind}%`, olderThan],
    );
    if (rows.length === 0) return;
    await deleteOwnerData(
      db,
      rows.map((r) => r.id),
    );
    console.log(`  purged ${rows.length} stale bench owner(s) left by earlier runs`);
  });
}
