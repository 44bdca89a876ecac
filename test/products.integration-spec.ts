import { LIST_NEXT_CURSOR_HEADER, type ProductResponse } from '@parley/contracts';
import { type SmtpSink, type TestInfra } from '@parley/server-kit/testing';
import { signedInOwner, sql } from './accounts';
import { call } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

const KETTLE = {
  name: 'Aero 5 Kettle',
  description: 'A 1.7 l electric kettle.',
  price: '$49.90',
  category: 'Kitchen',
  features: ['Stainless steel', ' Auto shut-off '],
};

/** The product catalogue through the gateway: HTTP, the session cookie, catalogue-service over NATS. */
describe('products through the gateway', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let api: string;
  let a: { cookie: string; id: string };
  let b: { cookie: string; id: string };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack());
    api = `${stack.url}/api/products`;
    a = await signedInOwner(stack.url, smtp, 'ana@olive.example');
    b = await signedInOwner(stack.url, smtp, 'bob@other.example');
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  const as = (owner: { cookie: string }) => ({ cookie: owner.cookie });

  async function storedNames(owner: { id: string }): Promise<string[]> {
    const rows = await sql<{ name: string }>(
      infra.env.DATABASE_URL,
      'select name from catalogue_service.products where owner_id = $1 order by lower(name)',
      [owner.id],
    );
    return rows.map((r) => r.name);
  }

  it('refuses every route without a session', async () => {
    const id = '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c';
    for (const [method, url, body] of [
      ['GET', api, undefined],
      ['POST', api, KETTLE],
      ['PATCH', `${api}/${id}`, { price: 1 }],
      ['DELETE', `${api}/${id}`, undefined],
    ] as const) {
      const res = await call(url, { method, body });
      expect({ method, status: res.status, body: res.body }).toEqual({
        method,
        status: 401,
        body: { message: 'Please log in to continue.', code: 'UNAUTHENTICATED' },
      });
    }
  });

  it('creates, lists, changes and deletes a product', async () => {
    const created = await call<ProductResponse>(api, { body: KETTLE, ...as(a) });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Aero 5 Kettle',
      description: 'A 1.7 l electric kettle.',
      price: 49.9,
      currency: 'USD',
      category: 'Kitchen',
      features: ['Stainless steel', 'Auto shut-off'],
      inStock: true,
    });
    const listed = await call<ProductResponse[]>(api, as(a));
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(listed.body).toEqual([created.body]);
    expect(listed.headers.get(LIST_NEXT_CURSOR_HEADER)).toBeNull();

    const changed = await call<ProductResponse>(`${api}/${created.body.id}`, {
      method: 'PATCH',
      body: { price: 39, inStock: false },
      ...as(a),
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...created.body, price: 39, inStock: false });

    const deleted = await call(`${api}/${created.body.id}`, { method: 'DELETE', ...as(a) });
    expect({ status: deleted.status, body: deleted.body }).toEqual({
      status: 200,
      body: { id: created.body.id },
    });
    expect((await call(api, as(a))).body).toEqual([]);
    expect(await storedNames(a)).toEqual([]);
  });

  it('refuses bad input with a 400 naming the field, storing nothing', async () => {
    for (const [change, field, message] of [
      [{ price: -5 }, 'price', 'Price cannot be negative'],
      [
        { price: 'about ten' },
        'price',
        'Price must be a number with at most 2 decimal places, such as 1299.00',
      ],
      [{ price: 100_000_000 }, 'price', 'Price must be at most 99999999.99'],
      [{ name: ' ' }, 'name', 'Name is required'],
      [
        { features: Array.from({ length: 51 }, (_, i) => `f${i}`) },
        'features',
        'Features can have at most 50 items',
      ],
      [{ features: [42] }, 'features', 'Features must be a list of text'],
      [{ features: ['Stainless steel', ' '] }, 'features', 'Features cannot have empty items'],
    ] as const) {
      const res = await call(api, { body: { ...KETTLE, ...change }, ...as(a) });
      expect({ field, status: res.status, body: res.body }).toEqual({
        field,
        status: 400,
        body: { message, code: 'VALIDATION_FAILED', field },
      });
    }
    expect(await storedNames(a)).toEqual([]);

    const several = await call(api, { body: { ...KETTLE, name: ' ', price: -5, features: [''] }, ...as(a) });
    expect({ status: several.status, body: several.body }).toEqual({
      status: 400,
      body: {
        message: 'Name is required',
        code: 'VALIDATION_FAILED',
        field: 'name',
        errors: [
          { field: 'name', message: 'Name is required' },
          { field: 'price', message: 'Price cannot be negative' },
          { field: 'features', message: 'Features cannot have empty items' },
        ],
      },
    });
    expect(await storedNames(a)).toEqual([]);

    const created = await call<ProductResponse>(api, { body: KETTLE, ...as(a) });
    const bad = await call(`${api}/${created.body.id}`, {
      method: 'PATCH',
      body: { name: 'Renamed', price: -1 },
      ...as(a),
    });
    expect({ status: bad.status, body: bad.body }).toEqual({
      status: 400,
      body: { message: 'Price cannot be negative', code: 'VALIDATION_FAILED', field: 'price' },
    });
    expect(await storedNames(a)).toEqual(['Aero 5 Kettle']);
    await call(`${api}/${created.body.id}`, { method: 'DELETE', ...as(a) });
  });

  it('answers 409 naming `name` for a name the owner already has, in any case', async () => {
    const first = await call<ProductResponse>(api, { body: KETTLE, ...as(a) });
    const again = await call(api, { body: { ...KETTLE, name: 'aero 5 KETTLE' }, ...as(a) });
    expect({ status: again.status, body: again.body }).toEqual({
      status: 409,
      body: { message: 'A product named "aero 5 KETTLE" already exists', code: 'CONFLICT', field: 'name' },
    });
    const other = await call<ProductResponse>(api, {
      body: { ...KETTLE, name: 'Aero 5 Kettle Pro' },
      ...as(a),
    });
    const renamed = await call(`${api}/${other.body.id}`, {
      method: 'PATCH',
      body: { name: 'AERO 5 Kettle' },
      ...as(a),
    });
    expect(renamed.status).toBe(409);
    expect(await storedNames(a)).toEqual(['Aero 5 Kettle', 'Aero 5 Kettle Pro']);
    for (const id of [first.body.id, other.body.id])
      await call(`${api}/${id}`, { method: 'DELETE', ...as(a) });
  });

  it("answers 404 for another owner's product or a malformed id, and never shows or changes it", async () => {
    const mine = await call<ProductResponse>(api, { body: KETTLE, ...as(a) });
    for (const [method, id, body] of [
      ['PATCH', mine.body.id, { price: 1 }],
      ['DELETE', mine.body.id, undefined],
      ['PATCH', 'not-an-id', { price: 1 }],
      ['DELETE', 'not-an-id', undefined],
    ] as const) {
      const res = await call(`${api}/${id}`, { method, body, ...as(b) });
      expect({ method, id, status: res.status, body: res.body }).toEqual({
        method,
        id,
        status: 404,
        body: { message: 'Product not found', code: 'NOT_FOUND' },
      });
    }
    expect((await call(api, as(b))).body).toEqual([]);
    expect((await call<ProductResponse[]>(api, as(a))).body).toEqual([mine.body]);
    await call(`${api}/${mine.body.id}`, { method: 'DELETE', ...as(a) });
  });

  it('pages by name with x-next-cursor, and filters by q, category and stock', async () => {
    const names = Array.from({ length: 120 }, (_, i) => `Lamp ${String(i).padStart(3, '0')}`);
    await sql(
      infra.env.DATABASE_URL,
      `insert into catalogue_service.products (id, owner_id, name, description, price, category, in_stock)
       select gen_random_uuid(), $1, name, 'A desk lamp.', 25, case when n % 2 = 0 then 'Lighting' else 'Office' end, n % 3 <> 0
       from unnest($2::text[]) with ordinality as t(name, n)`,
      [b.id, names],
    );
    const seen: string[] = [];
    let url: string | null = `${api}?limit=50`;
    let pages = 0;
    while (url) {
      const res: { body: ProductResponse[]; headers: Headers } = await call<ProductResponse[]>(url, as(b));
      seen.push(...res.body.map((p) => p.name));
      pages++;
      const cursor = res.headers.get(LIST_NEXT_CURSOR_HEADER);
      url = cursor ? `${api}?limit=50&cursor=${cursor}` : null;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(names);

    const filtered = await call<ProductResponse[]>(
      `${api}?q=LAMP%2001&category=lighting&inStock=true`,
      as(b),
    );
    expect(filtered.body.map((p) => p.name)).toEqual(
      names.filter((n, i) => n.startsWith('Lamp 01') && (i + 1) % 2 === 0 && (i + 1) % 3 !== 0),
    );
    expect((await call(api, as(a))).body).toEqual([]);
    expect((await call(`${api}/categories`, as(b))).body).toEqual(['Lighting', 'Office']);
    expect((await call(`${api}/categories`, as(a))).body).toEqual([]);

    for (const [query, field] of [
      ['inStock=maybe', 'inStock'],
      ['limit=0', 'limit'],
      ['cursor=not-a-cursor', 'cursor'],
    ]) {
      const res = await call(`${api}?${query}`, as(b));
      expect({ query, status: res.status, body: res.body }).toMatchObject({
        query,
        status: 400,
        body: { code: 'VALIDATION_FAILED', field },
      });
    }
  });
});
