import { type CreateProductDto, MAX_IMPORT_ROW_ERRORS } from '@parley/contracts';
import type { SourceRow } from './catalogue-table';
import { BATCH_ROWS, importRows } from './import-rows';
import type { ProductUpsert } from './imports.queries';

/** The upsert as the database does it, on a map of names the owner already has. */
function store(existing: string[] = []) {
  const names = new Set(existing.map((n) => n.toLowerCase()));
  const statements: CreateProductDto[][] = [];
  const upsert: ProductUpsert = async (products) => {
    statements.push([...products]);
    let created = 0;
    for (const { name } of products) {
      if (!names.has(name.toLowerCase())) created++;
      names.add(name.toLowerCase());
    }
    return { created, updated: products.length - created };
  };
  return { upsert, statements };
}

const product = (row: number, name: string, price: unknown = '1.00'): SourceRow => ({
  row,
  cells: { name, description: 'd', price: price as string, category: 'c' },
});

describe('importRows', () => {
  it('counts created and updated products, and reports each bad row with its number and reason', async () => {
    const { upsert } = store(['Scone']);
    const result = await importRows(
      [
        product(2, 'Lemon tart'),
        product(3, 'scone'),
        product(4, 'Tea', 'free'),
        { row: 5, cells: {} },
        product(6, ''),
      ],
      upsert,
      () => undefined,
      'USD',
    );
    expect(result).toEqual({
      created: 1,
      updated: 1,
      skipped: 3,
      errors: [
        { row: 4, message: 'Price must be a number with at most 2 decimal places, such as 1299.00' },
        { row: 6, message: 'Name is required' },
      ],
      currency: 'USD',
    });
  });

  it('imports the last of several rows naming one product, even after a bad one', async () => {
    const { upsert, statements } = store();
    const result = await importRows(
      [product(2, 'Tea', '1.00'), product(3, 'TEA', '2.00'), product(4, 'Coffee', 'x'), product(5, 'Coffee')],
      upsert,
      () => undefined,
      'USD',
    );
    expect(statements.flat().map((p) => [p.name, p.price])).toEqual([
      ['TEA', 2],
      ['Coffee', 1],
    ]);
    expect(result).toMatchObject({ created: 2, updated: 0, skipped: 2, errors: [] });
  });

  it(`writes ${BATCH_ROWS} rows a statement, reports progress after each, and at most ${MAX_IMPORT_ROW_ERRORS} errors`, async () => {
    const { upsert, statements } = store();
    const rows = Array.from({ length: BATCH_ROWS * 2 + 10 }, (_, i) =>
      product(i + 2, `P${i}`, i % 5 === 0 ? 'bad' : '1.00'),
    );
    const progress: number[] = [];
    const result = await importRows(rows, upsert, (n) => progress.push(n), 'USD');
    expect(statements.map((s) => s.length)).toEqual([BATCH_ROWS * 0.8, BATCH_ROWS * 0.8, 8]);
    expect(progress).toEqual([BATCH_ROWS, BATCH_ROWS * 2, BATCH_ROWS * 2 + 10]);
    expect(result.skipped).toBe(rows.length / 5);
    expect(result.errors).toHaveLength(MAX_IMPORT_ROW_ERRORS);
    expect(result.errors[0]).toEqual({ row: 2, message: expect.stringMatching(/^Price must be a number/) });
  });
});
