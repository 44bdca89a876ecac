// One owner with 100 000 messages over 20 000 customers, written with SQL (generate_series) for the list
// and search scenarios (70–73). Seeded once per bench run (memoised in this module, which the harness
// loads once), in well under a minute.
//
// The data: customers on all four platforms, a third of them Spanish-speaking (Spanish names and
// texts), five messages each (incoming, AI reply, incoming, reply, incoming) a few minutes apart, their
// conversations spread over the last 90 days; incoming messages mostly responded, some read, pending or
// failed; a fifth of the customers have an e-mail; stages mixed.
// Searchable: "bluetooth" is in exactly 1 % of the messages (1 000, English and Spanish); "garc" is in
// the names (and usernames) of the García customers, about 1.7 % of them.
// Each customer is a conversation (scenarios 77–79), its state as messaging-service keeps it: the last
// activity and the newest message are the customer's last message; a third are closed, and about a
// seventh of the open ones unread (a closed conversation has been read: the owner closes it from its
// thread, which reads it, and a new message reopens it); 1 % need a person and 2 % have the AI paused.
// threadSeed adds one customer with a thread of 500 messages to the same owner (scenario 79).
// The owner's auto-respond is off, so messaging-service's reconciler leaves its pending messages alone.
// Its rows stay until the next run's seeding purges them (owners.mjs purgeStaleOwners).
import { performance } from 'node:perf_hooks';
import { api, createOwner, purgeStaleOwners, withDb } from './owners.mjs';

export const SEED = { messages: 100_000, customers: 20_000, days: 90 };
export const MESSAGE_WORD = 'bluetooth';
export const NAME_PART = 'garc';
export const THREAD_LENGTH = 500;
/** Seconds since customer c (in SQL, with the days as $3) started their conversation: spread over SEED.days. */
const AGE = '(c::bigint * 2654435761) % ($3::bigint * 86400) + 900';

const NAMES = {
  enFirst: [
    'James',
    'Emily',
    'Michael',
    'Sarah',
    'David',
    'Jessica',
    'Daniel',
    'Ashley',
    'Matthew',
    'Olivia',
    'Andrew',
    'Hannah',
    'Ryan',
    'Megan',
    'Kevin',
    'Lauren',
    'Brian',
    'Rachel',
    'Tyler',
    'Chloe',
  ],
  enLast: [
    'Smith',
    'Johnson',
    'Williams',
    'Brown',
    'Jones',
    'Miller',
    'Davis',
    'Wilson',
    'Anderson',
    'Taylor',
    'Thomas',
    'Moore',
    'Jackson',
    'Martin',
    'Thompson',
    'White',
    'Harris',
    'Clark',
    'Lewis',
    'Walker',
  ],
  esFirst: [
    'María',
    'José',
    'Lucía',
    'Carlos',
    'Sofía',
    'Javier',
    'Valentina',
    'Diego',
    'Camila',
    'Alejandro',
    'Isabella',
    'Miguel',
    'Paula',
    'Andrés',
    'Elena',
    'Pablo',
    'Daniela',
    'Fernando',
    'Gabriela',
    'Luis',
  ],
  esLast: [
    'García',
    'Rodríguez',
    'Martínez',
    'Hernández',
    'López',
    'González',
    'Pérez',
    'Sánchez',
    'Ramírez',
    'Torres',
    'Flores',
    'Rivera',
    'Gómez',
    'Díaz',
    'Morales',
    'Ortiz',
    'Castillo',
    'Romero',
    'Vargas',
    'Ruiz',
  ],
};

const TEXTS = {
  enGreeting: ['Hi!', 'Hello,', 'Hey there,', 'Good morning!', 'Hi team,', 'Good evening,'],
  enAsk: [
    'what time do you open on Saturdays?',
    'is the large size back in stock?',
    'how much is delivery to Manchester?',
    'can I change the address on my order?',
    'do you have this jacket in navy?',
    'I would like to book a table for four tonight.',
    'my package has not arrived yet, could you check?',
    'do you sell gift cards?',
    'is there a student discount?',
    'can I pay with PayPal?',
    'where exactly is your shop?',
    'what is your return policy?',
    'do you deliver on Sundays?',
    'when does the summer sale start?',
  ],
  enReply: [
    'Thanks for reaching out! We open at 9 am on Saturdays.',
    'Yes, it is back in stock in all sizes.',
    'Delivery is free on orders over 50 pounds, otherwise it is 4.99.',
    'Of course, just send us the new address and your order number.',
    'We do! You can find it on our website under New in.',
    'Happy to help. Could you share your order number, please?',
    'Gift cards are available from 10 to 200 pounds.',
    'You can return any item within 30 days with the receipt.',
  ],
  esGreeting: ['¡Hola!', 'Buenas,', 'Buenos días,', 'Hola, qué tal,', 'Buenas tardes,'],
  esAsk: [
    '¿a qué hora abrís los sábados?',
    '¿tenéis la talla M otra vez?',
    '¿cuánto cuesta el envío a Sevilla?',
    '¿puedo cambiar la dirección de mi pedido?',
    '¿tenéis esta chaqueta en azul marino?',
    'quería reservar una mesa para cuatro esta noche.',
    'mi paquete todavía no ha llegado, ¿podéis revisarlo?',
    '¿vendéis tarjetas regalo?',
    '¿hay descuento para estudiantes?',
    '¿se puede pagar con Bizum?',
    '¿dónde está exactamente la tienda?',
    '¿cuál es la política de devoluciones?',
  ],
  esReply: [
    '¡Gracias por escribirnos! Los sábados abrimos a las 9.',
    'Sí, ya tenemos todas las tallas disponibles.',
    'El envío es gratis a partir de 50 euros; si no, cuesta 4,99.',
    'Claro, envíanos la nueva dirección y el número de pedido.',
    'Con gusto te ayudamos. ¿Nos pasas el número de pedido?',
    'Puedes devolver cualquier artículo en 30 días con el ticket.',
  ],
  enWord: ['Do the Bluetooth headphones come in black?', 'Is the Bluetooth speaker waterproof?'],
  esWord: ['¿Los auriculares Bluetooth vienen en negro?', '¿El altavoz Bluetooth es resistente al agua?'],
};

let seeding;
let threadSeeding;

/**
 * The seeded owner for this run: { owner, seconds, counts }. Seeds on the first call; later calls
 * (the other list scenarios, later rounds) get the same owner.
 */
export function listsSeed(ctx) {
  seeding ??= seed(ctx).catch((error) => {
    seeding = undefined;
    throw error;
  });
  return seeding;
}

/**
 * The lists owner (seeded first if need be) with one more customer, whose thread has THREAD_LENGTH
 * messages, alternately theirs and the AI's, over the last 30 days: { owner, customerId }. Seeded once.
 */
export function threadSeed(ctx) {
  threadSeeding ??= seedThread(ctx).catch((error) => {
    threadSeeding = undefined;
    throw error;
  });
  return threadSeeding;
}

async function seedThread(ctx) {
  const { owner } = await listsSeed(ctx);
  const customerId = await withDb(ctx.env.DATABASE_URL, async (db) => {
    // Its conversation comes with it (a trigger on customers); the state that changes is the conversation's.
    // Its report marks are taken out and the rollups rebuilt, as in seed().
    await db.query('begin');
    const { rows } = await db.query(
      `insert into messaging_service.customers (id, owner_id, name, platform, platform_username, created_at)
       values (gen_random_uuid(), $1, 'Thread Talker', 'whatsapp', 'thread.talker', now() - interval '30 days')
       returning id`,
      [owner.id],
    );
    const [{ id }] = rows;
    await db.query(
      `update messaging_service.conversations
          set last_contact = now() - interval '1 day', last_message_at = now() - interval '1 day'
        where customer_id = $1`,
      [id],
    );
    await db.query(
      `insert into messaging_service.messages
         (id, owner_id, customer_id, platform, content, direction, platform_message_id, status, ai_generated, timestamp)
       select gen_random_uuid(), $1::uuid, $2::uuid, 'whatsapp',
              case when k % 2 = 0 then ($4::text[])[1 + k % cardinality($4::text[])]
                   else ($5::text[])[1 + k % cardinality($5::text[])] end,
              case when k % 2 = 0 then 'incoming' else 'outgoing' end,
              case when k % 2 = 0 then 'thread-' || k end,
              case when k % 2 = 0 then 'responded' else 'sent' end,
              k % 2 = 1,
              now() - interval '30 days' + k * (interval '29 days' / $3::int)
         from generate_series(0, $3::int - 1) k`,
      [owner.id, id, THREAD_LENGTH, TEXTS.enAsk, TEXTS.enReply],
    );
    await setNewestMessages(db, owner.id);
    await db.query('delete from messaging_service.report_dirty where owner_id = $1', [owner.id]);
    await db.query('commit');
    await db.query(
      'vacuum (analyze) messaging_service.customers, messaging_service.conversations, messaging_service.messages',
    );
    await db.query('select messaging_service.report_rebuild($1)', [owner.id]);
    return id;
  });
  const { body } = await api(
    ctx,
    owner,
    'GET',
    `/api/messages?customerId=${customerId}&limit=${THREAD_LENGTH}`,
  );
  if (body.length !== THREAD_LENGTH) throw new Error(`the thread answered ${body.length} messages`);
  console.log(`  seeded a thread of ${THREAD_LENGTH} messages`);
  return { owner, customerId };
}

/**
 * Each of the owner's conversations gets its newest message on its row, as messaging-service keeps it
 * (conversations/last-message.ts): the conversation list reads it from there.
 */
async function setNewestMessages(db, ownerId) {
  await db.query(
    `update messaging_service.conversations v
        set last_message_id = m.id, last_message_preview = left(m.content, 300),
            last_message_direction = m.direction, last_message_ai_generated = m.ai_generated
       from (select distinct on (customer_id) customer_id, id, content, direction, ai_generated
               from messaging_service.messages where owner_id = $1
              order by customer_id, timestamp desc, id desc) m
      where m.customer_id = v.customer_id and v.last_message_id is distinct from m.id`,
    [ownerId],
  );
}

async function seed(ctx) {
  await purgeStaleOwners(ctx.env.DATABASE_URL);
  // The owners seeded by earlier runs, whatever their age: 100 000 messages a run would pile up and
  // slow every later scenario that writes messages.
  await purgeStaleOwners(ctx.env.DATABASE_URL, { kind: 'lists', olderThan: '0 seconds' });
  const owner = await createOwner(ctx, 'lists');
  const started = performance.now();
  const counts = await withDb(ctx.env.DATABASE_URL, async (db) => {
    // One transaction whose report marks (one per message, by the trigger) are taken out before it commits: the
    // stack's background fold would otherwise recompute the owner's 90 days while the lists are measured,
    // possibly planned before the statistics below (a fold of this owner was seen running for over 85 s beside
    // the conversations list; 1.8 s once analysed). The rollups are rebuilt once the statistics are fresh.
    await db.query('begin');
    await db.query(
      `insert into messaging_service.ai_configs (owner_id, company_name, company_description, auto_respond)
       values ($1, 'Otter Outfitters', 'Outdoor clothing and camping gear', false)`,
      [owner.id],
    );
    // Customer c (1…20 000): Spanish when c % 3 = 0; platform c % 4; conversation started `age` seconds ago,
    // its last message (the fifth, below) 12 minutes later. Each customer's conversation comes with them (a
    // trigger on customers) and gets its state after.
    await db.query(
      `insert into messaging_service.customers
         (id, owner_id, name, email, platform, platform_username, stage, status, source, interest, created_at)
       select md5($1::uuid::text || ':' || c)::uuid, $1::uuid, first || ' ' || last,
              case when c % 5 = 0 then handle || '@example.com' end,
              (array['facebook', 'instagram', 'twitter', 'whatsapp'])[1 + c % 4], handle || c,
              (array['new', 'interested', 'qualified', 'follow-up', 'converted'])[1 + (c * 7) % 5],
              'active', case when c % 10 = 0 then 'manual' else 'social_media' end,
              case when c % 4 = 1 then 'product inquiry' end,
              now() - make_interval(secs => age)
         from (select c, age, first, last,
                      translate(lower(first || '.' || last), 'áéíóúñü', 'aeiouny') as handle
                 from (select c, ${AGE} as age,
                              case when c % 3 = 0 then ($4::text[])[1 + (c * 7) % 20] else ($6::text[])[1 + (c * 7) % 20] end as first,
                              case when c % 3 = 0 then ($5::text[])[1 + (c * 13) % 20] else ($7::text[])[1 + (c * 13) % 20] end as last
                         from generate_series(1, $2::int) c) named) people`,
      [owner.id, SEED.customers, SEED.days, NAMES.esFirst, NAMES.esLast, NAMES.enFirst, NAMES.enLast],
    );
    await db.query(
      `update messaging_service.conversations v
          set last_contact = now() - make_interval(secs => age) + interval '12 minutes',
              last_message_at = now() - make_interval(secs => age) + interval '12 minutes',
              unread_count = case when c % 7 = 0 and c % 3 <> 1 then 1 + c % 3 else 0 end,
              closed_at = case when c % 3 = 1 then now() - make_interval(secs => age) + interval '1 hour' end,
              needs_human = c % 97 = 0,
              ai_paused_until = case when c % 50 = 0 then now() + interval '1 day' end
         from (select c, ${AGE} as age from generate_series(1, $2::int) c) people
        where v.customer_id = md5($1::uuid::text || ':' || c)::uuid`,
      [owner.id, SEED.customers, SEED.days],
    );
    // Message i (1…100 000) belongs to customer 1 + (i - 1) / 5, turn k = (i - 1) % 5: even turns are the
    // customer's, odd ones the AI's replies. i % 100 = 41 (a first turn) asks about a Bluetooth product.
    await db.query(
      `insert into messaging_service.messages
         (id, owner_id, customer_id, platform, content, direction, platform_message_id, status, ai_generated,
          response_time, timestamp)
       select gen_random_uuid(), $1::uuid, md5($1::uuid::text || ':' || c)::uuid,
              (array['facebook', 'instagram', 'twitter', 'whatsapp'])[1 + c % 4],
              case
                when i % 100 = 41 then (case when es then $6::text[] else $10::text[] end)[1 + (i / 100) % 2]
                when k % 2 = 0 then
                  case when es then ($4::text[])[1 + (i * 7) % cardinality($4::text[])] || ' ' || ($5::text[])[1 + (i * 11) % cardinality($5::text[])]
                       else ($8::text[])[1 + (i * 7) % cardinality($8::text[])] || ' ' || ($9::text[])[1 + (i * 11) % cardinality($9::text[])] end
                else
                  case when es then ($7::text[])[1 + (i * 13) % cardinality($7::text[])]
                       else ($11::text[])[1 + (i * 13) % cardinality($11::text[])] end
              end,
              case when k % 2 = 0 then 'incoming' else 'outgoing' end,
              case when k % 2 = 0 then 'seed-' || i end,
              case
                when k % 2 = 1 then 'sent'
                when i % 50 = 1 then 'pending'
                when i % 50 = 23 then 'failed'
                when i % 10 = 3 then 'read'
                else 'responded'
              end,
              k % 2 = 1 and i % 9 <> 0,
              case when k % 2 = 0 and i % 50 not in (1, 23) then 2 + (i * 17) % 90 end,
              least(now(), now() - make_interval(secs => ${AGE}) + k * interval '3 minutes')
         from (select i, 1 + (i - 1) / 5 as c, (i - 1) % 5 as k, ((1 + (i - 1) / 5) % 3 = 0) as es
                 from generate_series(1, $2::int) i) s`,
      [
        owner.id,
        SEED.messages,
        SEED.days,
        TEXTS.esGreeting,
        TEXTS.esAsk,
        TEXTS.esWord,
        TEXTS.esReply,
        TEXTS.enGreeting,
        TEXTS.enAsk,
        TEXTS.enWord,
        TEXTS.enReply,
      ],
    );
    await setNewestMessages(db, owner.id);
    await db.query('delete from messaging_service.report_dirty where owner_id = $1', [owner.id]);
    await db.query('commit');
    // Statistics for the planner, the trigram indexes' pending lists merged and earlier scenarios' dead
    // rows gone, so that autovacuum does not start in the middle of a measurement.
    await db.query(
      'vacuum (analyze) messaging_service.customers, messaging_service.conversations, messaging_service.messages',
    );
    await db.query('select messaging_service.report_rebuild($1)', [owner.id]);
    const { rows } = await db.query(
      `select (select count(*) from messaging_service.messages where owner_id = $1)::int as messages,
              (select count(*) from messaging_service.customers where owner_id = $1)::int as customers,
              (select count(*) from messaging_service.messages where owner_id = $1 and lower(content) like $2)::int as word,
              (select count(*) from messaging_service.customers where owner_id = $1
                 and (lower(name) || ' ' || coalesce(lower(email), '') || ' ' || lower(platform_username)) like $3)::int as names`,
      [owner.id, `%${MESSAGE_WORD}%`, `%${NAME_PART}%`],
    );
    return rows[0];
  });
  const seconds = (performance.now() - started) / 1000;

  // The API sees them: a full first page of each list and of each search.
  for (const path of [
    '/api/messages?limit=100',
    '/api/customers?limit=100',
    '/api/conversations?limit=100',
    `/api/messages?limit=100&q=${MESSAGE_WORD}`,
    `/api/customers?limit=100&q=${NAME_PART}`,
    `/api/conversations?limit=100&q=${MESSAGE_WORD}`,
  ]) {
    const { body, headers } = await api(ctx, owner, 'GET', path);
    if (body.length !== 100 || !headers.get('x-next-cursor'))
      throw new Error(
        `GET ${path} answered ${body.length} rows${headers.get('x-next-cursor') ? '' : ' and no next cursor'}`,
      );
  }
  console.log(
    `  seeded ${counts.messages.toLocaleString('en-US')} messages over ${counts.customers.toLocaleString('en-US')} customers in ${seconds.toFixed(1)} s` +
      ` ("${MESSAGE_WORD}" in ${counts.word} messages, "${NAME_PART}" in ${counts.names} customers)`,
  );
  return { owner, seconds, counts };
}
