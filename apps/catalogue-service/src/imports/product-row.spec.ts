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
    expect(productFromRow(row({}))).toEqual({
      ok: true,
      product: { ...cells, price: 12.5, inStock: true },
    });
  });

  it.each([
    ['$1,299.00', 1299],
    ['1.299,00 €', 1299],
    ['١٬٢٩٩٫٠٠', 1299],
    ['٤٥ ر.س', 45],
    [19.99, 19.99],
    [0.1 + 0.2, 0.3],
    [10 + 29 / 100, 10.29],
  ])('reads the price %j as %d', (price, value) => {
    expect(productFromRow(row({ price }))).toMatchObject({ ok: true, product: { price: value } });
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
    expect(productFromRow(row({ stock }))).toMatchObject({ ok: true, product: { inStock } });
  });

  it('splits features on commas and semicolons, Latin and Arabic, dropping blanks', () => {
    expect(productFromRow(row({ features: 'Vegan, Gluten free; Organic،  ; محلي' }))).toMatchObject({
      ok: true,
      product: { features: ['Vegan', 'Gluten free', 'Organic', 'محلي'] },
    });
  });

  it('keeps text a spreadsheet shows for a name that is a number', () => {
    expect(productFromRow(row({ name: '1984' }))).toMatchObject({ ok: true, product: { name: '1984' } });
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
    expect(productFromRow(row(more))).toEqual({ ok: false, message });
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
