import type { ProductResponse } from '@parley/contracts';
import { spreadsheet, type SmtpSink, type TestInfra, XLSX_TYPE } from '@parley/server-kit/testing';
import { signedInOwner, sql } from './accounts';
import { testAgentAnswer } from './agent-chat';
import { call, uploadFile } from './http';
import { type Stack, startSystemStack, stopSystemStack } from './start-stack';

/**
 * The business's currency end to end (issue 29 point 1): chosen in the AI configuration, given to the catalogue,
 * carried by products, stated by the agent, and checked by the importer.
 */
describe('the business’s currency', () => {
  let infra: TestInfra;
  let smtp: SmtpSink;
  let stack: Stack;
  let owner: { cookie: string; id: string };

  beforeAll(async () => {
    ({ infra, smtp, stack } = await startSystemStack());
    owner = await signedInOwner(stack.url, smtp, 'owner@thread.example');
  }, 60_000);

  afterAll(async () => {
    await stopSystemStack({ infra, smtp, stack });
  }, 30_000);

  const aiConfig = (body?: Record<string, unknown>) =>
    call<Record<string, unknown>>(`${stack.url}/api/ai-config`, {
      ...(body ? { method: 'PUT', body } : {}),
      cookie: owner.cookie,
    });
  const createProduct = (body: Record<string, unknown>) =>
    call<ProductResponse>(`${stack.url}/api/products`, { body, cookie: owner.cookie });

  it('is USD until chosen, refuses a code not in the list naming currency, and relabels the products', async () => {
    expect((await aiConfig()).body).toMatchObject({ currency: 'USD' });
    const setup = { companyName: 'Thread & Co', companyDescription: 'Linen clothes.', responseDelay: 0 };
    const old = await createProduct({ name: 'Scarf', description: 'Linen.', price: 20, category: 'Linen' });
    expect(old.body).toMatchObject({ price: 20, currency: 'USD' });

    const bad = await aiConfig({ ...setup, currency: 'XYZ' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'currency' });

    const saved = await aiConfig({ ...setup, currency: 'GBP' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ currency: 'GBP' });
    const listed = await call<ProductResponse[]>(`${stack.url}/api/products`, { cookie: owner.cookie });
    expect(listed.body).toEqual([expect.objectContaining({ name: 'Scarf', price: 20, currency: 'GBP' })]);
  });

  it('stores a £ price as pounds, and the agent states it in pounds, the customer’s way', async () => {
    const mug = await createProduct({ name: 'Linen Apron', description: 'Heavy linen.', price: '£24.00', category: 'Linen' });
    expect(mug).toMatchObject({ status: 201, body: { price: 24, currency: 'GBP' } });

    // A price typed in another currency is refused naming price, and nothing is stored or changed.
    const dollars = await createProduct({ name: 'Tea Towel', description: 'Linen.', price: 'US$24', category: 'Linen' });
    expect(dollars).toMatchObject({ status: 400, body: { field: 'price', message: expect.stringContaining('USD') } });
    const edited = await call(`${stack.url}/api/products/${mug.body.id}`, {
      method: 'PATCH',
      body: { price: '€30' },
      cookie: owner.cookie,
    });
    expect(edited).toMatchObject({ status: 400, body: { field: 'price' } });
    const names = (await call<ProductResponse[]>(`${stack.url}/api/products`, { cookie: owner.cookie })).body;
    expect(names.map((p) => [p.name, p.price])).not.toContainEqual(['Tea Towel', 24]);
    expect(names.find((p) => p.name === 'Linen Apron')?.price).toBe(24);

    const answer = await testAgentAnswer(stack, owner.cookie, 'How much is the Linen Apron?');
    expect(answer).toContain('£24.00');
    expect(answer).not.toContain('$');
    const spanish = await testAgentAnswer(stack, owner.cookie, '¿Cuánto cuesta el Linen Apron?');
    expect(spanish).toContain('24,00\u00a0GBP');
  });

  it('imports a spreadsheet in pounds and reports the rows in other currencies by row', async () => {
    const file = spreadsheet([
      ['Name', 'Description', 'Price', 'Category'],
      ['Napkins', 'Set of four.', { t: 'n', v: 12, z: '"£"#,##0.00' }, 'Linen'],
      ['Runner', 'Table runner.', 'US$ 30', 'Linen'],
      ['Cushion', 'Square.', '€18,00', 'Linen'],
      ['Throw', 'Wool.', 'GBP 45', 'Linen'],
    ]);
    const answer = await uploadFile(`${stack.url}/api/products/upload`, owner.cookie, 'catalog', {
      bytes: file,
      name: 'prices.xlsx',
      type: XLSX_TYPE,
    });
    expect(answer).toEqual({
      status: 200,
      body: {
        created: 2,
        updated: 0,
        skipped: 2,
        errors: [
          { row: 3, message: "Price is in USD, not GBP, the business's currency: the row was not imported" },
          { row: 4, message: "Price is in EUR, not GBP, the business's currency: the row was not imported" },
        ],
        currency: 'GBP',
      },
    });
    const stored = await sql<{ name: string; currency: string }>(
      infra.env.DATABASE_URL,
      `select name, currency from catalogue_service.products where owner_id = $1 and name in ('Napkins', 'Throw')
        order by name`,
      [owner.id],
    );
    expect(stored).toEqual([
      { name: 'Napkins', currency: 'GBP' },
      { name: 'Throw', currency: 'GBP' },
    ]);
  });
});
