// The knowledge retrieval every reply runs (messaging-service's statement, KnowledgeQueries.retrieve,
// straight on PostgreSQL through lib/statement-floor.mjs) over one owner's 10 000 passages, with 10 000 of
// another owner beside them, customer messages in en / es / ar in turn, 4 in flight (a messaging-service
// replica's replies at once, roughly).
import { randomUUID } from 'node:crypto';
import { createOwner, deleteOwnerData, withDb } from '../lib/owners.mjs';
import { serviceStatements } from '../lib/statement-floor.mjs';

const PASSAGES = 10_000;
const TOPICS = [
  'shipping',
  'returns',
  'warranty',
  'payment',
  'delivery',
  'invoice',
  'assembly',
  'cleaning',
  'battery',
  'envíos',
  'devoluciones',
  'garantía',
  'pago',
  'factura',
  'الشحن',
  'الإرجاع',
  'الضمان',
  'الدفع',
];
const MESSAGES = [
  'How long does shipping take?',
  'What is your returns policy?',
  'Is there a warranty on the battery?',
  '¿Cuánto tardan los envíos?',
  '¿Puedo pagar con factura?',
  'كم يستغرق الشحن؟',
  'ما هي سياسة الإرجاع؟',
  'Hello there!',
  'Do you deliver to Zaragosa?',
  'I need the invoice and assembly instructions for model 4711',
];

/** `count` passages of `ownerId`, titled and written about two topics each. */
function seedPassages(db, ownerId) {
  return db.query(
    `insert into messaging_service.knowledge_items (id, owner_id, category, title, content)
     select gen_random_uuid(), $1, 'faqs',
            'Section ' || i || ' ' || ($2::text[])[1 + i % 18] || ' ' || ($2::text[])[1 + (i / 18) % 18],
            repeat('This passage explains ' || ($2::text[])[1 + i % 18] || ' and ' || ($2::text[])[1 + (i * 7) % 18]
                   || ' for model ' || i || ' in plain words. ', 6)
     from generate_series(1, $3) i`,
    [ownerId, TOPICS, PASSAGES],
  );
}

export default {
  name: 'knowledge retrieval at 10 k passages (PostgreSQL, 4 in flight)',
  target: { p99Ms: 10 },

  async run(ctx) {
    const owner = await createOwner(ctx, 'knowledge');
    const neighbour = randomUUID();
    try {
      await withDb(ctx.env.DATABASE_URL, async (db) => {
        await seedPassages(db, owner.id);
        await seedPassages(db, neighbour);
        await db.query('vacuum (analyze) messaging_service.knowledge_items');
      });
      const ours = await serviceStatements(ctx, {
        calls: MESSAGES.map((message) => ({ query: 'knowledge.retrieve', args: [owner.id, message] })),
        connections: 4,
      });
      return { ours };
    } finally {
      await withDb(ctx.env.DATABASE_URL, async (db) => {
        await db.query('delete from messaging_service.knowledge_items where owner_id = $1', [neighbour]);
        await deleteOwnerData(db, owner.id);
      });
    }
  },
};
