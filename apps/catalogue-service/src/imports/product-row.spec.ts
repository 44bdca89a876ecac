import type { SourceRow } from './catalogue-table';
import { isBlankRow, nameKey, productFromRow, STOCK_MESSAGE } from './product-row';

const cells = {
  name: 'Lemon tart',
  description: 'Shortcrust, lemon curd.',
  price: '12.50',
  category: 'Cakes',
};
const row = (more: SourceRow['cells']): SourceRow => ({ row: 7, cells: { ...cells, ...more } });

describe('productFromRow', () => {
  it('reads a row as the product POST /api/products would store, in stock by default', () => {
    expect(productFromRow(row({}), 'USD')).toEqual({
      ok: true,
      product: { ...cells, price: 12.5, inStock: true },
    });
  });

  it.each([
    ['$1,299.00', 'USD', 1299],
    ['US$ 24', 'USD', 24],
    ['1.299,00 €', 'EUR', 1299],
    ['EUR 12,50', 'EUR', 12.5],
    ['£28.00', 'GBP', 28],
    ['١٬٢٩٩٫٠٠', 'SAR', 1299],
    ['٤٥ ر.س', 'SAR', 45],
    ['SAR 1,299.50', 'SAR', 1299.5],
    ['$ 349.00', 'MXN', 349],
    ['349.00 MXN', 'MXN', 349],
    [19.99, 'USD', 19.99],
    [0.1 + 0.2, 'USD', 0.3],
    [10 + 29 / 100, 'USD', 10.29],
  ])('reads the price %j of a %s business as %d', (price, currency, value) => {
    expect(productFromRow(row({ price }), currency)).toMatchObject({ ok: true, product: { price: value } });
  });

  it.each([
    ['£28.00', 'USD', 'Price is in "£28.00", not USD'],
    ['US$ 24', 'GBP', 'Price is in USD, not GBP'],
    ['EUR 12,50', 'USD', 'Price is in EUR, not USD'],
    ['٤٥ ر.س', 'USD', 'Price is in SAR, not USD'],
    ['349.00 MXN', 'USD', 'Price is in MXN, not USD'],
    ['$12', 'GBP', 'Price is in "$12", not GBP'],
  ])('refuses the price %j for a %s business, naming both currencies', (price, currency, message) => {
    expect(productFromRow(row({ price }), currency)).toEqual({
      ok: false,
      message: `${message}, the business's currency: the row was not imported`,
    });
  });

  it('reads the currency a spreadsheet shows for a number price', () => {
    const shown: SourceRow = { ...row({ price: 28 }), priceText: '£28.00' };
    expect(productFromRow(shown, 'GBP')).toMatchObject({ ok: true, product: { price: 28 } });
    expect(productFromRow(shown, 'USD')).toMatchObject({ ok: false, message: expect.stringMatching(/not USD/) });
  });

  it.each([
    ['yes', true],
    ['No', false],
    ['TRUE', true],
    [true, true],
    [false, false],
    ['In Stock', true],
    ['out of stock', false],
    ['Sí', true],
    ['agotado', false],
    ['نعم', true],
    ['لا', false],
    ['غير متوفر', false],
    [12, true],
    [0, false],
    ['3', true],
    ['٠', false],
    ['', true],
    [undefined, true],
  ])('reads the stock %j as %j', (stock, inStock) => {
    expect(productFromRow(row({ stock }), 'USD')).toMatchObject({ ok: true, product: { inStock } });
  });

  it('splits features on commas and semicolons, Latin and Arabic, dropping blanks', () => {
    expect(productFromRow(row({ features: 'Vegan, Gluten free; Organic،  ; محلي' }), 'USD')).toMatchObject({
      ok: true,
      product: { features: ['Vegan', 'Gluten free', 'Organic', 'محلي'] },
    });
  });

  it('keeps text a spreadsheet shows for a name that is a number', () => {
    expect(productFromRow(row({ name: '1984' }), 'USD')).toMatchObject({ ok: true, product: { name: '1984' } });
  });

  it.each([
    [{ name: undefined }, 'Name is required'],
    [{ description: '  ' }, 'Description is required'],
    [{ price: undefined }, 'Price is required'],
    [{ price: 'call us' }, 'Price must be a number with at most 2 decimal places, such as 1299.00'],
    [{ price: 12.345 }, 'Price must be a number with at most 2 decimal places, such as 1299.00'],
    [{ price: '-5' }, 'Price cannot be negative'],
    [{ category: undefined }, 'Category is required'],
    [{ stock: 'maybe' }, STOCK_MESSAGE],
    [{ name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
  ])('refuses %j: %s', (more, message) => {
    expect(productFromRow(row(more), 'USD')).toEqual({ ok: false, message });
  });
});

describe('isBlankRow and nameKey', () => {
  it('sees a row with nothing in any column as blank', () => {
    expect(isBlankRow({ row: 3, cells: {} })).toBe(true);
    expect(isBlankRow({ row: 3, cells: { name: ' ', price: '' } })).toBe(true);
    expect(isBlankRow({ row: 3, cells: { price: 0 } })).toBe(false);
  });

  it('tells names apart without case or surrounding spaces', () => {
    expect(nameKey(row({ name: '  Lemon TART ' }))).toBe(nameKey(row({ name: 'lemon tart' })));
    expect(nameKey({ row: 1, cells: {} })).toBe('');
  });
});
