// One owner with 10 000 products for the catalogue scenarios (74, 75), inserted in one statement, then
// vacuumed and analysed.
// Seeded once per bench run (memoised in this module), in a few seconds.
//
// The data: 2 000 models in five variants each ("Aero 16 Blender", "Aero 16 Blender Pro", … "Plus"),
// so names share words the way real catalogues do; a third of the models have Spanish names and a sixth
// Arabic ones; one product in seven is out of stock; four features each. `searchTexts` are customer
// messages naming seeded products in the three languages, and two that name none.
import { randomUUID } from 'node:crypto';
import { createOwner, purgeStaleOwners, withDb } from './owners.mjs';

export const PRODUCT_COUNT = 10_000;
const VARIANTS = ['', ' Pro', ' Max', ' Mini', ' Plus'];

/** The name of variant `v` of model `m`. */
function productName(m, v) {
  let base;
  if (m % 6 === 5) base = `${['غلاية نور', 'خلاط نجم', 'مكواة بدر'][Math.floor(m / 6) % 3]} ${m}`;
  else if (m % 3 === 2)
    base = `${['Cafetera Luna', 'Freidora Sol', 'Tostadora Mar'][Math.floor(m / 6) % 3]} ${m}`;
  else
    base = `${['Aero', 'Nova', 'Zen', 'Orbit'][m % 4]} ${m} ${['Kettle', 'Blender', 'Toaster', 'Speaker', 'Headphones'][m % 5]}`;
  return base + VARIANTS[v];
}

function products() {
  return Array.from({ length: PRODUCT_COUNT }, (_, n) => {
    const m = Math.floor(n / VARIANTS.length);
    return {
      name: productName(m, n % VARIANTS.length),
      description: `Made to last, with a two-year warranty and free returns. Model ${n}.`,
      price: (9.99 + (n % 500) * 1.5).toFixed(2),
      category: ['Kitchen', 'Audio', 'Home', 'Cocina', 'المطبخ'][m % 5],
      features: `{waterproof,"stainless steel","2-year warranty","model ${n}"}`,
      inStock: n % 7 !== 0,
    };
  });
}

/** Messages a customer might send about the seeded products, best-case to worst-case for the search. */
export const searchTexts = [
  `How much is the ${productName(16, 0)}?`,
  `Is the ${productName(16, 1)} in stock?`,
  `What is the difference between the ${productName(40, 0)} and the ${productName(40, 2)}?`,
  `¿Cuánto cuesta la ${productName(32, 0)}?`,
  `¿Tienen la ${productName(38, 3)} en stock?`,
  `كم سعر ${productName(47, 0)}؟`,
  'do you sell waterproof headphones?',
  'hi, I want to order something',
];

let seeding;

/** The seeded owner for this run: { owner }. Seeds on the first call; later calls get the same owner. */
export function catalogueSeed(ctx) {
  seeding ??= seed(ctx).catch((error) => {
    seeding = undefined;
    throw error;
  });
  return seeding;
}

async function seed(ctx) {
  await purgeStaleOwners(ctx.env.DATABASE_URL, { kind: 'catalogue', olderThan: '0 seconds' });
  const owner = await createOwner(ctx, 'catalogue');
  const rows = products();
  await withDb(ctx.env.DATABASE_URL, async (db) => {
    await db.query(
      `insert into catalogue_service.products (id, owner_id, name, description, price, category, features, in_stock)
       select id, $1::uuid, name, description, price, category, features::text[], in_stock
       from unnest($2::uuid[], $3::text[], $4::text[], $5::numeric[], $6::text[], $7::text[], $8::boolean[])
         as p(id, name, description, price, category, features, in_stock)`,
      [
        owner.id,
        rows.map(() => randomUUID()),
        rows.map((p) => p.name),
        rows.map((p) => p.description),
        rows.map((p) => p.price),
        rows.map((p) => p.category),
        rows.map((p) => p.features),
        rows.map((p) => p.inStock),
      ],
    );
    // Statistics for the planner and the GIN indexes' pending lists merged, as autovacuum would.
    await db.query('vacuum (analyze) catalogue_service.products');
  });
  return { owner };
}
