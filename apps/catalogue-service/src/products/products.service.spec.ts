import { randomUUID } from 'node:crypto';
import {
  type CreateProductDto,
  ErrorCode,
  ListProductsQueryDto,
  PRODUCT_SEARCH_LIMIT,
  type ProductSearchHit,
} from '@parley/contracts';
import { encodeCursor } from './product-cursor';
import { Product } from './product.entity';
import type { ProductSearchQueries, SearchResult, SearchTier } from './product-search.queries';
import { EARLIER_MESSAGES, ProductSearchService } from './product-search.service';
import type { ProductFilter, ProductsQueries } from './products.queries';
import { ProductsService } from './products.service';

/**
 * The services' own rules, without a database: their queries are replaced by stand-ins in memory that
 * record what they were asked. That the SQL really filters by owner, ranks and pages is proven by
 * test/products.integration-spec.ts on real PostgreSQL.
 */
const KETTLE: CreateProductDto = {
  name: 'Aero 5 Kettle',
  description: 'Boils fast.',
  price: 49.9,
  category: 'Kitchen',
  features: ['Auto shut-off'],
  inStock: true,
};

function productsWith(stored: Product[], { nameTaken = false } = {}) {
  const asked: { find: string[]; page: ProductFilter[] } = { find: [], page: [] };
  const queries: Pick<ProductsQueries, 'page' | 'find' | 'insert' | 'update' | 'delete'> = {
    page: async (ownerId, filter) => {
      asked.page.push(filter);
      return { items: [] };
    },
    find: async (ownerId, id) => {
      asked.find.push(id);
      return stored.find((p) => p.ownerId === ownerId && p.id === id) ?? null;
    },
    insert: async (ownerId, data) =>
      nameTaken
        ? undefined
        : Object.assign(new Product(), { ownerId, ...data, features: data.features ?? [] }),
    update: async (product, changes) => (nameTaken ? undefined : Object.assign(product, changes)),
    delete: async (product) => {
      stored.splice(stored.indexOf(product), 1);
    },
  };
  return { service: new ProductsService(queries as unknown as ProductsQueries), asked };
}

function storedProduct(ownerId: string): Product {
  return Object.assign(new Product(), { ownerId, ...KETTLE });
}

describe('ProductsService', () => {
  const owner = randomUUID();

  it('answers the response shape: no owner, no times', async () => {
    const { service } = productsWith([]);
    const created = await service.create(owner, KETTLE);
    expect(created).toEqual({ id: expect.any(String), ...KETTLE });
  });

  it('answers CONFLICT naming `name` when the owner has a product of that name', async () => {
    const mine = storedProduct(owner);
    const { service } = productsWith([mine], { nameTaken: true });
    await expect(service.create(owner, { ...KETTLE, name: 'aero 5 KETTLE' })).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: 'A product named "aero 5 KETTLE" already exists',
      details: { field: 'name' },
    });
    await expect(service.update(owner, mine.id, { name: 'Aero 5 Kettle Pro' })).rejects.toMatchObject({
      code: ErrorCode.Conflict,
      message: 'A product named "Aero 5 Kettle Pro" already exists',
      details: { field: 'name' },
    });
  });

  it('is NOT_FOUND for an id that is not a uuid, without asking the database', async () => {
    const { service, asked } = productsWith([]);
    for (const id of ['', 'not-an-id', 42, undefined]) {
      await expect(service.delete(owner, id)).rejects.toMatchObject({
        code: ErrorCode.NotFound,
        message: 'Product not found',
      });
    }
    expect(asked.find).toEqual([]);
  });

  it("is NOT_FOUND for another owner's product, and changes nothing", async () => {
    const mine = storedProduct(owner);
    const { service } = productsWith([mine]);
    const other = randomUUID();
    await expect(service.update(other, mine.id, { price: 1 })).rejects.toMatchObject({
      code: ErrorCode.NotFound,
    });
    await expect(service.delete(other, mine.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
    expect(mine.price).toBe(49.9);
    expect(await service.update(owner, mine.id, {})).toMatchObject({ name: 'Aero 5 Kettle', price: 49.9 });
  });

  it('answers the id of what it deleted, which is then gone', async () => {
    const mine = storedProduct(owner);
    const { service } = productsWith([mine]);
    expect(await service.delete(owner, mine.id)).toEqual({ id: mine.id });
    await expect(service.delete(owner, mine.id)).rejects.toMatchObject({ code: ErrorCode.NotFound });
  });

  it('lists with the filters sent and the place the cursor names', async () => {
    const { service, asked } = productsWith([]);
    const query = Object.assign(new ListProductsQueryDto(), {
      q: 'kettle',
      category: 'kitchen',
      inStock: false,
      cursor: encodeCursor('aero 5 kettle'),
    });
    await service.list(owner, query);
    await service.list(owner, Object.assign(new ListProductsQueryDto(), { q: null, category: null }));
    expect(asked.page).toEqual([
      { q: 'kettle', category: 'kitchen', inStock: false, after: 'aero 5 kettle' },
      { q: undefined, category: undefined, inStock: undefined, after: undefined },
    ]);
  });

  it('refuses a cursor it did not write, naming it, without asking the database', async () => {
    const { service, asked } = productsWith([]);
    const query = Object.assign(new ListProductsQueryDto(), { cursor: encodeCursor('x').slice(2) });
    await expect(service.list(owner, query)).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      details: { field: 'cursor' },
    });
    expect(asked.page).toEqual([]);
  });
});

function hit(name: string): ProductSearchHit {
  return { name, description: '', price: 1, category: 'Kitchen', inStock: true, features: [] };
}

/** The search queries, answering each text from `found` (nothing for others), recording what was asked. */
function searchWith(found: Record<string, { tier: SearchTier; names: string[] }>) {
  const asked: string[] = [];
  const queries: Pick<ProductSearchQueries, 'search'> = {
    search: async (_ownerId, text): Promise<SearchResult> => {
      asked.push(text);
      const result = found[text];
      return result ? { tier: result.tier, hits: result.names.map(hit) } : { hits: [] };
    },
  };
  return { service: new ProductSearchService(queries as ProductSearchQueries), asked };
}

describe('ProductSearchService', () => {
  const owner = randomUUID();
  const names = (hits: ProductSearchHit[]) => hits.map((h) => h.name);

  it('answers nothing for an empty message, without asking the database', async () => {
    const { service, asked } = searchWith({});
    expect(await service.search(owner, { text: '  ', earlier: ['Aero 5 Kettle'] })).toEqual([]);
    expect(asked).toEqual([]);
  });

  it.each(['named', 'byModel', 'byName', 'bySound'] as const)(
    'answers a message that names a product (%s) without looking back',
    async (tier) => {
      const { service, asked } = searchWith({ 'the kettle?': { tier, names: ['Aero 5 Kettle'] } });
      expect(names(await service.search(owner, { text: 'the kettle?', earlier: ['Zen Speaker'] }))).toEqual([
        'Aero 5 Kettle',
      ]);
      expect(asked).toEqual(['the kettle?']);
    },
  );

  it('looks back, newest first, to the first earlier message that names a product', async () => {
    const { service, asked } = searchWith({
      'how much is it?': { tier: 'byDetails', names: ['Shower Radio'] },
      'is it waterproof?': { tier: 'byDetails', names: ['Zen Speaker'] },
      'I like the Zen Speaker': { tier: 'named', names: ['Zen Speaker'] },
      'Nova Headphones?': { tier: 'named', names: ['Nova Headphones'] },
    });
    const earlier = ['is it waterproof?', '', 'I like the Zen Speaker', 'Nova Headphones?'];
    expect(names(await service.search(owner, { text: 'how much is it?', earlier }))).toEqual(['Zen Speaker']);
    expect(asked).toEqual(['how much is it?', 'is it waterproof?', 'I like the Zen Speaker']);
  });

  it('answers the first message matching only by details when none names a product', async () => {
    const { service } = searchWith({
      'is it waterproof?': { tier: 'byDetails', names: ['Zen Speaker'] },
      'for the shower': { tier: 'byDetails', names: ['Shower Radio'] },
    });
    const earlier = ['for the shower'];
    expect(names(await service.search(owner, { text: 'is it waterproof?', earlier }))).toEqual([
      'Zen Speaker',
    ]);
    expect(names(await service.search(owner, { text: 'hello', earlier }))).toEqual(['Shower Radio']);
    expect(await service.search(owner, { text: 'hello', earlier: ['thanks'] })).toEqual([]);
  });

  it(`looks back through at most ${EARLIER_MESSAGES} earlier messages`, async () => {
    const { service, asked } = searchWith({ 'Zen Speaker': { tier: 'named', names: ['Zen Speaker'] } });
    const earlier = [...Array.from({ length: EARLIER_MESSAGES }, (_, i) => `message ${i}`), 'Zen Speaker'];
    expect(await service.search(owner, { text: 'how much?', earlier })).toEqual([]);
    expect(asked).toHaveLength(1 + EARLIER_MESSAGES);
  });

  it(`answers at most \`limit\`, capped at ${PRODUCT_SEARCH_LIMIT}`, async () => {
    const many = Array.from({ length: PRODUCT_SEARCH_LIMIT }, (_, i) => `Toaster ${i}`);
    const { service } = searchWith({ toaster: { tier: 'byName', names: many } });
    expect(names(await service.search(owner, { text: 'toaster', limit: 2 }))).toEqual(many.slice(0, 2));
    expect(await service.search(owner, { text: 'toaster', limit: 100 })).toHaveLength(PRODUCT_SEARCH_LIMIT);
    expect(await service.search(owner, { text: 'toaster' })).toHaveLength(PRODUCT_SEARCH_LIMIT);
  });
});
