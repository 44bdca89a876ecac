// Floor of the ingest scenario, back half: a plain nats.js responder that stores each message with ONE
// pg transaction (a single statement, as messaging-service does: upsert the customer by
// (owner, platform, platformUsername), insert the incoming message) into the bench_floor scratch tables,
// and answers { messageId, customerId, stored }. pg Pool of 10.
// Config (JSON argument): { natsUrl, subject, databaseUrl, schema, ownerId }. Prints {"ready":{}}.
import { randomUUID } from 'node:crypto';
import { connect } from 'nats';
import pg from 'pg';

const { natsUrl, subject, databaseUrl, schema, ownerId } = JSON.parse(process.argv[2]);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const nc = await connect({ servers: natsUrl.split(','), name: 'bench-floor-ingest-store' });
const encoder = new TextEncoder();
const decoder = new TextDecoder();

const SQL = `with customer as (
    insert into ${schema}.customers (id, owner_id, name, platform, platform_username, last_contact)
    values ($1, $2, $3, $4, $5, now())
    on conflict (owner_id, platform, platform_username) do update set last_contact = now()
    returning id
  ), message as (
    insert into ${schema}.messages (id, owner_id, customer_id, platform, content, direction, platform_message_id)
    select $6, $2, customer.id, $4, $7, 'incoming', $8 from customer
    returning id
  )
  select customer.id as customer_id, message.id as message_id from customer left join message on true`;

async function store(msg) {
  try {
    const dto = JSON.parse(decoder.decode(msg.data));
    const messageId = randomUUID();
    const { rows } = await pool.query(SQL, [
      randomUUID(),
      ownerId,
      dto.senderName,
      dto.platform,
      dto.platformUsername,
      messageId,
      dto.content,
      `local-${messageId}`,
    ]);
    msg.respond(
      encoder.encode(
        JSON.stringify({ messageId: rows[0].message_id, customerId: rows[0].customer_id, stored: true }),
      ),
    );
  } catch (error) {
    // No reply: the requester times out and counts an error (the floor must not fail quietly).
    process.stderr.write(`[ingest-store] ${error.message}\n`);
  }
}

nc.subscribe(subject, { queue: 'bench-floor', callback: (error, msg) => error || void store(msg) });
await nc.flush();
await pool.query('select 1'); // connected before we say ready
console.log(JSON.stringify({ ready: {} }));

const close = () =>
  nc
    .drain()
    .then(() => pool.end())
    .finally(() => process.exit(0));
process.once('SIGTERM', close);
process.stdin.resume();
process.stdin.on('end', close);
