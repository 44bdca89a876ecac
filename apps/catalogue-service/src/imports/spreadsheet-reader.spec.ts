import { ErrorCode, MAX_IMPORT_ROWS } from '@parley/contracts';
import { spreadsheet, zipBomb } from '@parley/server-kit/testing';
import { readSpreadsheet } from './spreadsheet-reader';

const HEADER = ['Name', 'Description', 'Price', 'Category'];

// Each read starts a child process that loads SheetJS: about half a second of CPU, more on a busy machine.
jest.setTimeout(60_000);

describe('readSpreadsheet', () => {
  it('finds the header below a title, and numbers rows as Excel does', async () => {
    const file = spreadsheet([
      ['Spring price list'],
      [],
      ['SKU', ...HEADER, 'In stock'],
      ['A-1', 'Lemon tart', 'Shortcrust', 12.5, 'Cakes', 'yes'],
      [],
      ['A-2', 'Scone', 'Buttery', '$3.00', 'Bakes', 0],
    ]);
    expect((await readSpreadsheet(file)).rows).toEqual([
      {
        row: 4,
        cells: {
          name: 'Lemon tart',
          description: 'Shortcrust',
          price: 12.5,
          category: 'Cakes',
          stock: 'yes',
        },
      },
      { row: 5, cells: {} },
      {
        row: 6,
        cells: { name: 'Scone', description: 'Buttery', price: '$3.00', category: 'Bakes', stock: 0 },
      },
    ]);
  });

  it('keeps the currency a number price is formatted in, as Excel shows it', async () => {
    const file = spreadsheet([
      HEADER,
      ['Mug', 'Stoneware', { t: 'n', v: 28, z: '"£"#,##0.00' }, 'Mugs'],
      ['Jug', 'Glass', { t: 'n', v: 12.5, z: '#,##0.00' }, 'Jugs'],
    ]);
    expect((await readSpreadsheet(file)).rows).toEqual([
      {
        row: 2,
        cells: { name: 'Mug', description: 'Stoneware', price: 28, category: 'Mugs' },
        priceText: '£28.00',
      },
      { row: 3, cells: { name: 'Jug', description: 'Glass', price: 12.5, category: 'Jugs' } },
    ]);
  });

  it('reads an xls (BIFF8) workbook the same way', async () => {
    const file = spreadsheet([HEADER, ['Tea', 'Green', 4, 'Drinks']], 'xls');
    expect((await readSpreadsheet(file)).rows).toEqual([
      { row: 2, cells: { name: 'Tea', description: 'Green', price: 4, category: 'Drinks' } },
    ]);
  });

  it('reads a header whose first column is the category and whose titles carry qualifiers', async () => {
    const file = spreadsheet([
      ['Category', 'Product', 'Description', 'Key features', 'Qty', 'Price (USD)'],
      ['Mugs', 'Speckled mug', 'Stoneware, 350 ml', 'Dishwasher safe, Handmade', 12, '£28.00'],
    ]);
    expect((await readSpreadsheet(file)).rows).toEqual([
      {
        row: 2,
        cells: {
          category: 'Mugs',
          name: 'Speckled mug',
          description: 'Stoneware, 350 ml',
          features: 'Dishwasher safe, Handmade',
          stock: 12,
          price: '£28.00',
        },
      },
    ]);
  });

  it('takes the first sheet that has a header', async () => {
    const file = spreadsheet([HEADER, ['Tea', 'Green', 4, 'Drinks']], 'xlsx', { Notes: [['Read me first']] });
    expect((await readSpreadsheet(file)).rows).toHaveLength(1);
  });

  it('refuses a file without a product table, or without a description column, naming what is missing', async () => {
    await expect(readSpreadsheet(spreadsheet([['Item'], ['Tea']]))).rejects.toThrow(
      expect.objectContaining({
        code: ErrorCode.ValidationFailed,
        message: expect.stringMatching(/^Could not find the product table/),
      }),
    );
    await expect(readSpreadsheet(spreadsheet([['Name', 'Price', 'Category']]))).rejects.toThrow(
      expect.objectContaining({
        message: expect.stringMatching(/^The header row \(row 1\) has no Description column/),
      }),
    );
  });

  it(`refuses more than ${MAX_IMPORT_ROWS} rows below the header`, async () => {
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => [`P${i}`, 'd', 1, 'c']);
    await expect(readSpreadsheet(spreadsheet([HEADER, ...rows]))).rejects.toThrow(
      expect.objectContaining({ code: ErrorCode.PayloadTooLarge }),
    );
    expect((await readSpreadsheet(spreadsheet([HEADER, ...rows.slice(1)]))).rows).toHaveLength(
      MAX_IMPORT_ROWS,
    );
  });

  it('refuses a zip bomb before SheetJS reads it, and bytes that are no workbook', async () => {
    await expect(readSpreadsheet(zipBomb({ lie: true }))).rejects.toThrow(
      expect.objectContaining({ code: ErrorCode.PayloadTooLarge }),
    );
    await expect(readSpreadsheet(Buffer.from('\xd0\xcf\x11\xe0 not really', 'latin1'))).rejects.toThrow(
      expect.objectContaining({ message: 'Invalid File Type: Please upload a PDF or Excel file.' }),
    );
  });
});
