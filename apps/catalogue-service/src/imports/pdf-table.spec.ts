import { ErrorCode } from '@parley/contracts';
import { imageOnlyPdf, pdf, type PdfRun } from '@parley/server-kit/testing';
import { readCataloguePdf } from './pdf-reader';
import { pdfTable } from './pdf-table';

// Each read starts a child process that loads pdf.js: a second or more on a busy machine.
jest.setTimeout(60_000);

/** A header at y 700 and a row every 20 points below it, columns at these x. */
const X = { name: 50, description: 160, price: 330, category: 420, stock: 510 };
const header: PdfRun[] = [
  [X.name, 700, 'Product Name'],
  [X.description, 700, 'Description'],
  [X.price, 700, 'Price'],
  [X.category, 700, 'Category'],
  [X.stock, 700, 'In stock'],
];
const line = (
  y: number,
  name: string,
  description: string,
  price: string,
  category: string,
  stock = '',
): PdfRun[] =>
  [
    [X.name, y, name],
    [X.description, y, description],
    [X.price, y, price],
    [X.category, y, category],
    [X.stock, y, stock],
  ].filter(([, , text]) => text !== '') as PdfRun[];

describe('pdfTable (PDFs read by pdf.js)', () => {
  it('reads the rows under the header, over two pages, skipping titles, page numbers and the repeated header', async () => {
    const file = pdf([
      [
        [200, 750, 'Price list 2026'],
        ...header,
        ...line(680, 'Lemon tart', 'Shortcrust', '$12.50', 'Cakes', 'yes'),
      ],
      [...header, ...line(680, 'Scone', 'Buttery', '3,00 €', 'Bakes', 'no'), [300, 40, 'Page 2']],
    ]);
    expect(pdfTable(await readCataloguePdf(file)).rows).toEqual([
      {
        row: 1,
        cells: {
          name: 'Lemon tart',
          description: 'Shortcrust',
          price: '$12.50',
          category: 'Cakes',
          stock: 'yes',
        },
      },
      {
        row: 2,
        cells: { name: 'Scone', description: 'Buttery', price: '3,00 €', category: 'Bakes', stock: 'no' },
      },
    ]);
  });

  it('gives a cell to the column it sits under, right-aligned prices and empty cells included', async () => {
    const file = pdf([
      [
        ...header,
        [X.name, 680, 'Tea'],
        [X.price - 25, 680, '1,299.00'],
        [X.category, 680, 'Drinks'],
        // A description wrapped onto a second line continues the row above.
        [X.name, 660, 'Coffee'],
        [X.description, 660, 'Dark roast,'],
        [X.price, 660, '9.00'],
        [X.category, 660, 'Drinks'],
        [X.description, 648, 'single origin'],
      ],
    ]);
    expect(pdfTable(await readCataloguePdf(file)).rows).toEqual([
      { row: 1, cells: { name: 'Tea', price: '1,299.00', category: 'Drinks' } },
      {
        row: 2,
        cells: {
          name: 'Coffee',
          description: 'Dark roast, single origin',
          price: '9.00',
          category: 'Drinks',
        },
      },
    ]);
  });

  it('reads Spanish headers and accented text', async () => {
    const file = pdf([
      [
        [50, 700, 'Nombre'],
        [160, 700, 'Descripción'],
        [330, 700, 'Precio'],
        [420, 700, 'Categoría'],
        [50, 680, 'Café'],
        [160, 680, 'Tostado oscuro'],
        [330, 680, '4,50 €'],
        [420, 680, 'Bebidas'],
      ],
    ]);
    expect(pdfTable(await readCataloguePdf(file)).rows).toEqual([
      {
        row: 1,
        cells: { name: 'Café', description: 'Tostado oscuro', price: '4,50 €', category: 'Bebidas' },
      },
    ]);
  });

  it('refuses a PDF without a product table', async () => {
    const pages = await readCataloguePdf(
      pdf([
        [
          [50, 700, 'Dear customer,'],
          [50, 680, 'our prices went up.'],
        ],
      ]),
    );
    expect(() => pdfTable(pages)).toThrow(
      expect.objectContaining({
        code: ErrorCode.ValidationFailed,
        message: expect.stringMatching(/^Could not find the product table/),
      }),
    );
  });

  it('refuses a password-protected PDF and a scanned (image-only) one', async () => {
    await expect(readCataloguePdf(pdf([header], { encrypt: true }))).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: 'The PDF is password-protected. Remove the password and upload it again.',
    });
    await expect(readCataloguePdf(imageOnlyPdf())).rejects.toMatchObject({
      code: ErrorCode.ValidationFailed,
      message: expect.stringMatching(/^The PDF has no text to read/),
    });
  });

  it('refuses bytes pdf.js cannot read', async () => {
    await expect(readCataloguePdf(Buffer.from('%PDF-1.4\nnothing else'))).rejects.toMatchObject({
      message: 'The PDF could not be read. Please check the file, or upload the catalogue as an Excel file.',
    });
  });
});

describe('pdfTable (text runs)', () => {
  const run = (x: number, y: number, text: string, width = text.length * 5) => ({
    text,
    x,
    y,
    width,
    height: 10,
  });

  it('reads the words of an Arabic (right-to-left) cell from the right', () => {
    const rows = pdfTable([
      [
        run(500, 700, 'الاسم'),
        run(400, 700, 'الوصف'),
        run(300, 700, 'السعر'),
        run(200, 700, 'الفئة'),
        run(520, 680, 'عسل', 15),
        run(500, 680, 'سدر', 15),
        run(400, 680, 'طبيعي'),
        run(300, 680, '٤٥'),
        run(200, 680, 'أغذية'),
      ],
    ]).rows;
    expect(rows).toEqual([
      { row: 1, cells: { name: 'عسل سدر', description: 'طبيعي', price: '٤٥', category: 'أغذية' } },
    ]);
  });
});
