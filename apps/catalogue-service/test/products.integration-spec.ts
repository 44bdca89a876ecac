import { randomUUID } from 'node:crypto';
import {
  type CreateProductDto,
  ErrorCode,
  FIELD_LIMITS,
  PAGE_NEXT_CURSOR_HEADER,
  PRODUCT_SEARCH_LIMIT,
  type ProductResponse,
  type ProductSearchHit,
  type ProductSearchRequest,
  PRODUCTS_SUBJECTS,
  workspaceActor,
} from '@parley/contracts';
import {
  connectNats,
  createServiceApp,
  loadConfig,
  REPLY_HEADROOM,
  ServiceClient,
  ServiceConfig,
  type ServiceApp,
} from '@parley/server-kit';
import { createTestInfra, type TestInfra } from '@parley/server-kit/testing';
import type { NatsConnection } from 'nats';
import { Client } from 'pg';
import { catalogueServiceModule } from '../src/app.module';

const KETTLE: CreateProductDto = {
  name: 'Aero 5 Kettle',
  description: 'A 1.7 l electric kettle that boils in three minutes.',
  price: 49.9,
  category: 'Kitchen',
  features: ['Stainless steel', 'Auto shut-off'],
};

describe('products (real PostgreSQL and NATS)', () => {
  let infra: TestInfra;
  let service: ServiceApp;
  let nc: NatsConnection;
  let client: ServiceClient;
  let db: Client;

  beforeAll(async () => {
    infra = await createTestInfra();
    const config = loadConfig(ServiceConfig, infra.env);
    service = await createServiceApp('catalogue-service', catalogueServiceModule(config), config);
    nc = await connectNats(config.NATS_URL, 'products-test');
    client = new ServiceClient(nc, config.NATS_PREFIX, 5000);
    db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
  }, 30_000);

  afterAll(async () => {
    await db?.end();
    await nc?.drain();
    await service?.app.close();
    await infra?.cleanup();
  });

  const as = (ownerId: string) => ({ actor: workspaceActor(ownerId) });
  const create = (ownerId: string, body: object) =>
    client.send<ProductResponse>(PRODUCTS_SUBJECTS.create, body, as(ownerId));
  const update = (ownerId: string, id: string, changes: Record<string, unknown>) =>
    client.send<ProductResponse>(PRODUCTS_SUBJECTS.update, { id, changes }, as(ownerId));
  const search = (ownerId: string, request: ProductSearchRequest) =>
    client.send<ProductSearchHit[]>(PRODUCTS_SUBJECTS.search, request, as(ownerId));

  async function list(ownerId: string, query: Record<string, unknown> = {}) {
    const answer = await client.sendRaw(PRODUCTS_SUBJECTS.list, query, as(ownerId));
    return {
      items: JSON.parse(Buffer.from(answer.body).toString('utf8')) as ProductResponse[],
      nextCursor: answer.header(PAGE_NEXT_CURSOR_HEADER),
    };
  }

  /** Every page of the list, following the cursor. */
  async function listAll(ownerId: string, query: Record<string, unknown>) {
    const items: ProductResponse[] = [];
    let pages = 0;
    let cursor: string | undefined;
    do {
      const page = await list(ownerId, { ...query, ...(cursor ? { cursor } : {}) });
      items.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    return { items, pages };
  }

  async function storedRows(ownerId: string) {
    const { rows } = await db.query(
      `select name, description, price::text, category, features, in_stock
         from catalogue_service.products where owner_id = $1 order by lower(name)`,
      [ownerId],
    );
    return rows as {
      name: string;
      description: string;
      price: string;
      category: string;
      features: string[];
      in_stock: boolean;
    }[];
  }

  /** Products stored straight in the table, as the catalogue import does (the generated columns fill in). */
  async function insertProducts(ownerId: string, products: Partial<CreateProductDto>[]) {
    await db.query(
      `insert into catalogue_service.products (id, owner_id, name, description, price, category, features, in_stock)
       select gen_random_uuid(), $1, p.name, p.description, p.price, p.category, p.features, p.in_stock
       from jsonb_to_recordset($2::jsonb)
         as p(name text, description text, price numeric, category text, features text[], in_stock boolean)`,
      [
        ownerId,
        JSON.stringify(
          products.map((p) => ({
            description: 'Made to last.',
            price: 10,
            category: 'Kitchen',
            ...p,
            features: p.features ?? [],
            in_stock: p.inStock ?? true,
          })),
        ),
      ],
    );
  }

  describe('create, update, delete', () => {
    it('creates a product from a decimal text price, trimmed, in stock unless told', async () => {
      const owner = randomUUID();
      const created = await create(owner, {
        name: '  Aero 5 Kettle ',
        description: KETTLE.description,
        price: '$1,299.00',
        category: 'Kitchen',
        features: [' Stainless steel ', 'Auto shut-off'],
      });
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: 'Aero 5 Kettle',
        description: KETTLE.description,
        price: 1299,
        currency: 'USD',
        category: 'Kitchen',
        features: ['Stainless steel', 'Auto shut-off'],
        inStock: true,
      });
      expect(await storedRows(owner)).toEqual([
        {
          name: 'Aero 5 Kettle',
          description: KETTLE.description,
          price: '1299.00',
          category: 'Kitchen',
          features: ['Stainless steel', 'Auto shut-off'],
          in_stock: true,
        },
      ]);
      expect((await list(owner)).items).toEqual([created]);
    });

    it('changes only the fields sent', async () => {
      const owner = randomUUID();
      const created = await create(owner, KETTLE);
      expect(await update(owner, created.id, { price: '12,50', inStock: false })).toEqual({
        ...created,
        price: 12.5,
        inStock: false,
      });
      expect(await update(owner, created.id, { features: [] })).toEqual({
        ...created,
        price: 12.5,
        inStock: false,
        features: [],
      });
      expect(await update(owner, created.id, {})).toMatchObject({ name: 'Aero 5 Kettle', price: 12.5 });
      expect(await storedRows(owner)).toEqual([
        expect.objectContaining({ name: 'Aero 5 Kettle', price: '12.50', features: [], in_stock: false }),
      ]);
    });

    it('deletes a product, answering its id; it is then gone', async () => {
      const owner = randomUUID();
      const created = await create(owner, KETTLE);
      expect(await client.send(PRODUCTS_SUBJECTS.delete, { id: created.id }, as(owner))).toEqual({
        id: created.id,
      });
      expect(await storedRows(owner)).toEqual([]);
      await expect(update(owner, created.id, { price: 1 })).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Product not found',
      });
    });

    it('stores a product in the business’s currency, and refuses a price written in another, naming price', async () => {
      const owner = randomUUID();
      await client.send(PRODUCTS_SUBJECTS.setCurrency, { currency: 'GBP' }, as(owner));
      const mug = await create(owner, { ...KETTLE, price: '£28.00' });
      expect(mug).toMatchObject({ price: 28, currency: 'GBP' });
      await expect(create(owner, { ...KETTLE, name: 'Jug', price: 'US$24' })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message: "Price is in USD, not GBP, the business's currency",
        details: { field: 'price' },
      });
      await expect(update(owner, mug.id, { price: '12,50 €' })).rejects.toMatchObject({
        details: { field: 'price' },
      });
      expect(await storedRows(owner)).toEqual([expect.objectContaining({ name: KETTLE.name, price: '28.00' })]);
      expect((await list(owner)).items).toEqual([expect.objectContaining({ price: 28, currency: 'GBP' })]);
    });

    it('refuses a second product of the same name, whatever its case, naming the field', async () => {
      const owner = randomUUID();
      await create(owner, KETTLE);
      await expect(create(owner, { ...KETTLE, name: 'AERO 5 kettle', price: 1 })).rejects.toMatchObject({
        code: ErrorCode.Conflict,
        message: 'A product named "AERO 5 kettle" already exists',
        details: { field: 'name' },
      });
      expect(await storedRows(owner)).toEqual([
        expect.objectContaining({ name: 'Aero 5 Kettle', price: '49.90' }),
      ]);
      // Another owner may use the name.
      await expect(create(randomUUID(), KETTLE)).resolves.toMatchObject({ name: 'Aero 5 Kettle' });
    });

    it('refuses renaming onto another product, and lets a product change the case of its own name', async () => {
      const owner = randomUUID();
      await create(owner, KETTLE);
      const pro = await create(owner, { ...KETTLE, name: 'Aero 5 Kettle Pro' });
      await expect(update(owner, pro.id, { name: 'aero 5 KETTLE', price: 1 })).rejects.toMatchObject({
        code: ErrorCode.Conflict,
        details: { field: 'name' },
      });
      expect((await storedRows(owner)).map((p) => [p.name, p.price])).toEqual([
        ['Aero 5 Kettle', '49.90'],
        ['Aero 5 Kettle Pro', '49.90'],
      ]);
      expect(await update(owner, pro.id, { name: 'AERO 5 Kettle Pro' })).toMatchObject({
        name: 'AERO 5 Kettle Pro',
      });
    });

    it.each([
      ['price', { price: -1 }, 'Price cannot be negative'],
      ['price', { price: 'twelve' }, 'Price must be a number with at most 2 decimal places, such as 1299.00'],
      ['price', { price: '$100,000,000.00' }, 'Price must be at most 99999999.99'],
      ['price', { price: 1.999 }, 'Price must be a number with at most 2 decimal places, such as 1299.00'],
      ['price', { price: undefined }, 'Price is required'],
      ['name', { name: '   ' }, 'Name is required'],
      ['description', { description: undefined }, 'Description is required'],
      ['category', { category: '' }, 'Category is required'],
      [
        'features',
        { features: Array.from({ length: 51 }, (_, i) => `f${i}`) },
        'Features can have at most 50 items',
      ],
      ['features', { features: 'Vegan, Gluten free' }, 'Features must be a list of text'],
      ['inStock', { inStock: 'yes' }, 'In stock must be true or false'],
      ['ownerId', { ownerId: randomUUID() }, 'Unknown field "ownerId"'],
    ])('refuses a bad %s (%j), naming it and storing nothing', async (field, change, message) => {
      const owner = randomUUID();
      await expect(create(owner, { ...KETTLE, ...change })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        message,
        details: { field },
      });
      expect(await storedRows(owner)).toEqual([]);
    });

    it('refuses a bad change naming the field, changing nothing', async () => {
      const owner = randomUUID();
      const created = await create(owner, KETTLE);
      await expect(update(owner, created.id, { name: 'Renamed', price: null })).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        details: { field: 'price' },
      });
      expect(await storedRows(owner)).toEqual([
        expect.objectContaining({ name: 'Aero 5 Kettle', price: '49.90' }),
      ]);
    });

    it("answers another owner NOT_FOUND and never shows or changes the owner's products", async () => {
      const owner = randomUUID();
      const other = randomUUID();
      const mine = await create(owner, KETTLE);
      for (const [subject, data] of [
        [PRODUCTS_SUBJECTS.update, { id: mine.id, changes: { price: 1 } }],
        [PRODUCTS_SUBJECTS.delete, { id: mine.id }],
      ] as const) {
        await expect(client.send(subject, data, as(other))).rejects.toMatchObject({
          code: ErrorCode.NotFound,
          message: 'Product not found',
        });
      }
      expect((await list(other)).items).toEqual([]);
      expect(await storedRows(owner)).toEqual([
        expect.objectContaining({ name: 'Aero 5 Kettle', price: '49.90' }),
      ]);
    });

    it('answers NOT_FOUND for a malformed id and UNAUTHENTICATED without an owner', async () => {
      const owner = randomUUID();
      for (const id of ['not-a-uuid', 42, undefined]) {
        await expect(client.send(PRODUCTS_SUBJECTS.delete, { id }, as(owner))).rejects.toMatchObject({
          code: ErrorCode.NotFound,
        });
      }
      await expect(client.send(PRODUCTS_SUBJECTS.create, KETTLE)).rejects.toMatchObject({
        code: ErrorCode.Unauthenticated,
      });
      await expect(client.send(PRODUCTS_SUBJECTS.search, { text: 'kettle' })).rejects.toMatchObject({
        code: ErrorCode.Unauthenticated,
      });
    });
  });

  describe('list', () => {
    const owner = randomUUID();
    const CATEGORIES = ['Kitchen', 'kitchen', 'Audio', 'Cocina', 'المطبخ'];
    /** 250 products: more than two pages of 100. */
    const names = Array.from(
      { length: 250 },
      (_, i) => `${i % 2 === 0 ? 'Item' : 'item'} ${String(i).padStart(3, '0')}`,
    );

    beforeAll(async () => {
      await insertProducts(
        owner,
        names.map((name, i) => ({
          name,
          description: i === 7 ? 'Brews 100% of the flavour, with a_underscore' : `Model number ${i}`,
          category: CATEGORIES[i % CATEGORIES.length],
          inStock: i % 3 !== 0,
          price: i + 0.5,
        })),
      );
      // Another owner's products are never listed.
      await insertProducts(randomUUID(), [{ name: 'Item 001 of someone else' }]);
    });

    it('pages through every product by name, case-insensitively, with the cursor', async () => {
      const first = await list(owner);
      expect(first.items).toHaveLength(100);
      expect(first.items[0]).toEqual({
        id: expect.any(String),
        name: 'Item 000',
        description: 'Model number 0',
        price: 0.5,
        currency: 'USD',
        category: 'Kitchen',
        features: [],
        inStock: false,
      });
      expect(first.nextCursor).toEqual(expect.any(String));
      const { items, pages } = await listAll(owner, {});
      expect(pages).toBe(3);
      expect(items.map((p) => p.name)).toEqual(names);
      expect(new Set(items.map((p) => p.id)).size).toBe(250);
    });

    it('pages with any limit, and ends without a cursor', async () => {
      const { items, pages } = await listAll(owner, { limit: 7 });
      expect(pages).toBe(36);
      expect(items.map((p) => p.name)).toEqual(names);
      expect((await list(owner, { limit: 250 })).nextCursor).toBeUndefined();
    });

    it('searches name, category and description, case-insensitively, with wildcards taken literally', async () => {
      expect((await listAll(owner, { q: 'ITEM 12' })).items.map((p) => p.name)).toEqual(
        names.filter((n) => n.startsWith('Item 12') || n.startsWith('item 12')),
      );
      // Two letters have no trigram: the list is walked instead.
      expect((await list(owner, { q: 'M 00' })).items.map((p) => p.name)).toEqual(names.slice(0, 10));
      expect((await list(owner, { q: 'AUDIO', limit: 500 })).items).toHaveLength(50);
      expect((await list(owner, { q: 'المطبخ', limit: 500 })).items).toHaveLength(50);
      expect((await list(owner, { q: 'model NUMBER 249' })).items.map((p) => p.name)).toEqual(['item 249']);
      expect((await list(owner, { q: '100%' })).items.map((p) => p.name)).toEqual(['item 007']);
      expect((await list(owner, { q: 'a_u' })).items.map((p) => p.name)).toEqual(['item 007']);
      expect((await list(owner, { q: '10%' })).items).toEqual([]);
      expect((await list(owner, { q: 'someone else' })).items).toEqual([]);
    });

    it('filters by category (case-insensitively) and stock, and pages the filtered list', async () => {
      const kitchen = await listAll(owner, { category: 'KITCHEN', limit: 20 });
      expect(kitchen.items.map((p) => p.name)).toEqual(names.filter((_, i) => i % 5 < 2));
      expect(kitchen.pages).toBe(5);
      const outOfStock = await listAll(owner, { inStock: false, category: 'cocina', limit: 5 });
      expect(outOfStock.items.map((p) => p.name)).toEqual(names.filter((_, i) => i % 5 === 3 && i % 3 === 0));
      expect(outOfStock.items.every((p) => !p.inStock)).toBe(true);
      const searched = await listAll(owner, { q: 'item 1', inStock: true, limit: 10 });
      expect(searched.items.map((p) => p.name)).toEqual(
        names.filter((n, i) => /^item 1/i.test(n) && i % 3 !== 0),
      );
    });

    it("answers every category once, ignoring case, in order, and only the owner's", async () => {
      const categories = await client.send<string[]>(PRODUCTS_SUBJECTS.categories, {}, as(owner));
      expect(categories).toEqual(['Audio', 'Cocina', 'Kitchen', 'المطبخ']);
      expect(await client.send(PRODUCTS_SUBJECTS.categories, {}, as(randomUUID()))).toEqual([]);
    });

    it('refuses a cursor it did not write and a bad filter, naming the field', async () => {
      const notOurs = [
        'x',
        Buffer.from('{"at":"2026-01-01T00:00:00Z"}').toString('base64url'),
        Buffer.from(JSON.stringify(['a', 'b'])).toString('base64url'),
        Buffer.from(JSON.stringify(['a\u0000b'])).toString('base64url'),
      ];
      for (const cursor of notOurs) {
        await expect(client.sendRaw(PRODUCTS_SUBJECTS.list, { cursor }, as(owner))).rejects.toMatchObject({
          code: ErrorCode.ValidationFailed,
          details: { field: 'cursor' },
        });
      }
      await expect(
        client.sendRaw(PRODUCTS_SUBJECTS.list, { inStock: 'maybe' }, as(owner)),
      ).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        details: { field: 'inStock' },
      });
      await expect(client.sendRaw(PRODUCTS_SUBJECTS.list, { limit: 0 }, as(owner))).rejects.toMatchObject({
        code: ErrorCode.ValidationFailed,
        details: { field: 'limit' },
      });
    });
  });

  describe('a list larger than NATS carries in one message', () => {
    const owner = randomUUID();
    const names = Array.from({ length: 250 }, (_, i) => `Widget ${String(i).padStart(3, '0')}`);

    beforeAll(async () => {
      // About 15 kB each as JSON (three-byte characters): 250 of them are several times NATS's
      // max_payload (1 MiB by default).
      await insertProducts(
        owner,
        names.map((name, i) => ({
          name,
          description: `Widget number ${i} `.padEnd(FIELD_LIMITS.description, '€'),
        })),
      );
    }, 60_000);

    it.each([
      ['the whole list', {}],
      ['a search', { q: 'widget' }],
    ])('pages %s under the byte budget; walking the cursors gives each product once', async (_, filter) => {
      const budget = (nc.info?.max_payload ?? 0) - REPLY_HEADROOM;
      const pages: ProductResponse[][] = [];
      let cursor: string | undefined;
      do {
        const page = await list(owner, { ...filter, limit: 500, ...(cursor ? { cursor } : {}) });
        expect(Buffer.byteLength(JSON.stringify(page.items))).toBeLessThanOrEqual(budget);
        pages.push(page.items);
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages.length).toBeGreaterThanOrEqual(3);
      expect(pages.flat().map((p) => p.name)).toEqual(names);
    });
  });

  describe('search', () => {
    const owner = randomUUID();
    const other = randomUUID();

    beforeAll(async () => {
      await insertProducts(owner, [
        {
          name: 'Aero 5 Kettle',
          description: 'Boils 1.7 l in three minutes.',
          price: 49.9,
          features: ['Auto shut-off'],
        },
        { name: 'Aero 5 Kettle Pro', description: 'Keeps water warm.', price: 79.9, features: ['Keep warm'] },
        { name: 'Aero 50 Kettle', description: 'A large kettle.', price: 59 },
        {
          name: 'Cafetera Aero 5',
          description: 'Cafetera de goteo, 12 tazas.',
          price: 39,
          category: 'Cocina',
        },
        {
          name: 'Cafetera Aero 5 Max',
          description: 'Cafetera de goteo, 20 tazas.',
          price: 55,
          category: 'Cocina',
        },
        { name: 'غلاية أيرو 5', description: 'غلاية كهربائية سعة 1.7 لتر', price: 45, category: 'المطبخ' },
        {
          name: 'غلاية أيرو 5 برو',
          description: 'غلاية تحافظ على حرارة الماء',
          price: 75,
          category: 'المطبخ',
        },
        {
          name: 'Zen Speaker',
          description: 'A small speaker for the shower.',
          price: 29.5,
          category: 'Audio',
          features: ['Waterproof', 'Bluetooth 5.3'],
          inStock: false,
        },
        {
          name: 'Nova Headphones',
          description: 'Over-ear, 30 hours of battery.',
          price: 99,
          category: 'Audio',
        },
        {
          name: 'Café Crème Grinder',
          description: 'Burr grinder for espresso.',
          price: 120,
          category: 'Kitchen',
        },
      ]);
      await insertProducts(other, [{ name: 'Aero 5 Kettle', description: 'Theirs.', price: 1 }]);
    });

    const names = (hits: ProductSearchHit[]) => hits.map((h) => h.name);

    it.each([
      ['How much is the Aero 5 Kettle?', ['Aero 5 Kettle']],
      ['Is the Aero 5 Kettle Pro in stock?', ['Aero 5 Kettle Pro', 'Aero 5 Kettle']],
      ['how much is the AERO-5 kettle', ['Aero 5 Kettle']],
      [
        'Difference between the Aero 5 Kettle Pro and the Aero 50 Kettle?',
        ['Aero 5 Kettle Pro', 'Aero 50 Kettle', 'Aero 5 Kettle'],
      ],
      ['¿Cuánto cuesta la cafetera Aero 5?', ['Cafetera Aero 5']],
      ['¿Tienen la CAFETERA AERO 5 MAX?', ['Cafetera Aero 5 Max', 'Cafetera Aero 5']],
      ['كم سعر غلاية أيرو 5؟', ['غلاية أيرو 5']],
      ['كم سعر غلاية ايرو 5 برو؟', ['غلاية أيرو 5 برو', 'غلاية أيرو 5']],
      ['Do you still have the cafe creme grinder?', ['Café Crème Grinder']],
    ])('%s → exactly the product named', async (text, expected) => {
      expect(names(await search(owner, { text }))).toEqual(expected);
    });

    it('ranks a near-miss by the words and number it shares, the closest name first', async () => {
      const typo = names(await search(owner, { text: 'How much is the Aero 5 Kettel?' }));
      expect(typo[0]).toBe('Aero 5 Kettle');
      expect(typo.indexOf('Aero 5 Kettle Pro')).toBeGreaterThan(0);
      expect(typo).not.toContain('Aero 50 Kettle');
      const partial = names(await search(owner, { text: 'and the Aero 5?' }));
      expect(partial.slice(0, 2)).toEqual(['Aero 5 Kettle', 'Cafetera Aero 5']);
    });

    it('finds products by a word of their name, category or features, in the three languages', async () => {
      expect(names(await search(owner, { text: 'do you sell kettles?' })).slice(0, 3)).toEqual(
        expect.arrayContaining(['Aero 5 Kettle', 'Aero 5 Kettle Pro', 'Aero 50 Kettle']),
      );
      expect(names(await search(owner, { text: '¿Tienen cafeteras?' }))).toEqual([
        'Cafetera Aero 5',
        'Cafetera Aero 5 Max',
      ]);
      expect(names(await search(owner, { text: 'هل عندكم غلاية كهربائية؟' }))).toEqual([
        'غلاية أيرو 5',
        'غلاية أيرو 5 برو',
      ]);
      expect(await search(owner, { text: 'anything waterproof for the shower?' })).toEqual([
        {
          name: 'Zen Speaker',
          description: 'A small speaker for the shower.',
          price: 29.5,
          category: 'Audio',
          inStock: false,
          features: ['Waterproof', 'Bluetooth 5.3'],
        },
      ]);
      expect(names(await search(owner, { text: 'something for espresso' }))).toEqual(['Café Crème Grinder']);
    });

    it('finds a product by how its name sounds, written in Arabic letters or a Spanish spelling, after written words', async () => {
      const shop = randomUUID();
      await insertProducts(shop, [
        { name: 'Samsung Galaxy Phone', category: 'Phones' },
        { name: 'Laptop Stand', category: 'Accessories' },
        { name: 'Basketball Hoop', category: 'Sports' },
      ]);
      expect(names(await search(shop, { text: 'كم سعر سامسونج؟' }))).toEqual(['Samsung Galaxy Phone']);
      expect(names(await search(shop, { text: 'هل عندكم حامل اللابتوب؟' }))).toEqual(['Laptop Stand']);
      expect(names(await search(shop, { text: '¿Tienen aros de básquetbol?' }))).toEqual(['Basketball Hoop']);
      // A name sharing a written word comes first; one found only by its sound follows.
      expect(names(await search(shop, { text: '¿Tienen soportes para laptop o básquetbol?' }))).toEqual([
        'Laptop Stand',
        'Basketball Hoop',
      ]);
      // A name found by sound is a name: a follow-up finds it in the earlier message.
      expect(names(await search(shop, { text: 'وكم سعره؟', earlier: ['عندكم سامسونج؟'] }))).toEqual([
        'Samsung Galaxy Phone',
      ]);
    });

    it('finds nothing in a message about no product, an empty one, or bare numbers', async () => {
      expect(await search(owner, { text: 'hi, I want to order something' })).toEqual([]);
      expect(await search(owner, { text: '   ' })).toEqual([]);
      expect(await search(owner, { text: 'I want 5 of them' })).toEqual([]);
    });

    it('looks back through earlier messages, newest first, when the message names no product', async () => {
      const earlier = ['Thanks!', 'The Zen Speaker is $29.50.', 'Do you have the Nova Headphones?'];
      expect(names(await search(owner, { text: 'How much is it?', earlier }))).toEqual(['Zen Speaker']);
      expect(names(await search(owner, { text: 'and the Aero 5 Kettle?', earlier }))).toEqual([
        'Aero 5 Kettle',
      ]);
      expect(await search(owner, { text: 'How much is it?', earlier: ['Hello', ''] })).toEqual([]);
      expect(await search(owner, { text: '', earlier })).toEqual([]);
    });

    it('answers at most `limit`, and never more than PRODUCT_SEARCH_LIMIT', async () => {
      expect(await search(owner, { text: 'Aero 5', limit: 1 })).toHaveLength(1);
      await insertProducts(
        owner,
        Array.from({ length: 12 }, (_, i) => ({ name: `Toaster ${i}` })),
      );
      expect(await search(owner, { text: 'a toaster please', limit: 50 })).toHaveLength(PRODUCT_SEARCH_LIMIT);
      expect(await search(owner, { text: 'a toaster please' })).toHaveLength(PRODUCT_SEARCH_LIMIT);
    });

    it("searches only the owner's products", async () => {
      expect(await search(other, { text: 'How much is the Aero 5 Kettle?' })).toEqual([
        {
          name: 'Aero 5 Kettle',
          description: 'Theirs.',
          price: 1,
          category: 'Kitchen',
          inStock: true,
          features: [],
        },
      ]);
      expect(await search(other, { text: 'Is the Zen Speaker waterproof?' })).toEqual([]);
      expect(await search(randomUUID(), { text: 'Aero 5 Kettle' })).toEqual([]);
    });

    it('refuses a request that is not a search, naming the field', async () => {
      for (const [data, field] of [
        [{}, 'text'],
        [{ text: 42 }, 'text'],
        [{ text: 'x'.repeat(4097) }, 'text'],
        [{ text: 'kettle', earlier: 'kettle' }, 'earlier'],
        [{ text: 'kettle', earlier: [3] }, 'earlier'],
        [{ text: 'kettle', limit: 0 }, 'limit'],
        [{ text: 'ket\u0000tle' }, 'text'],
      ] as const) {
        await expect(client.send(PRODUCTS_SUBJECTS.search, data, as(owner))).rejects.toMatchObject({
          code: ErrorCode.ValidationFailed,
          details: { field },
        });
      }
    });
  });
});
