import { columnsOf, headerKey, isHeader, missingColumnsMessage } from './catalogue-header';

describe('headerKey', () => {
  it.each([
    ['Unit Price (USD)', 'unitprice'],
    ['unit_price', 'unitprice'],
    ['  PRODUCT  NAME ', 'productname'],
    ['Categoría', 'categoria'],
    ['Descripción [es]', 'descripcion'],
    ['الفئة', 'الفيه'],
    ['الفئه', 'الفيه'],
    ['السِّعر', 'السعر'],
    ['الســعر', 'السعر'],
    ['أسم', 'اسم'],
  ])('writes %j as %j', (text, key) => {
    expect(headerKey(text)).toBe(key);
  });
});

describe('columnsOf', () => {
  it('finds every product column of an English header, wherever it stands', () => {
    expect(
      columnsOf(['SKU', 'Product Name', 'Description', 'Unit Price ($)', 'Category', 'Features', 'In stock']),
    ).toEqual({ name: 1, description: 2, price: 3, category: 4, features: 5, stock: 6 });
  });

  it('reads Spanish and Arabic titles', () => {
    expect(
      columnsOf(['Nombre', 'Descripción', 'Precio', 'Categoría', 'Características', 'Existencias']),
    ).toEqual({
      name: 0,
      description: 1,
      price: 2,
      category: 3,
      features: 4,
      stock: 5,
    });
    expect(columnsOf(['الاسم', 'الوصف', 'السعر', 'التصنيف', 'المميزات', 'المخزون'])).toEqual({
      name: 0,
      description: 1,
      price: 2,
      category: 3,
      features: 4,
      stock: 5,
    });
  });

  it('reads a title qualified by other words by the word that names a field', () => {
    expect(
      columnsOf(['Category', 'Product', 'Key features', 'Qty', 'Price (USD)', 'Short description']),
    ).toEqual({ category: 0, name: 1, features: 2, stock: 3, price: 4, description: 5 });
    expect(columnsOf(['Product type', 'Item', 'Price in GBP', 'Stock level', 'Main highlights'])).toEqual({
      category: 0,
      name: 1,
      price: 2,
      stock: 3,
      features: 4,
    });
    expect(
      columnsOf(['Tipo de producto', 'Producto', 'Precio final', 'Características principales']),
    ).toEqual({
      category: 0,
      name: 1,
      price: 2,
      features: 3,
    });
    expect(columnsOf(['فئة المنتج', 'اسم المنتج', 'سعر المنتج', 'الكمية المتوفرة'])).toEqual({
      category: 0,
      name: 1,
      price: 2,
      stock: 3,
    });
  });

  it('does not read an adjective alone as a field', () => {
    expect(columnsOf(['Name', 'Price', 'Available colours', 'Tallas disponibles'])).toEqual({
      name: 0,
      price: 1,
    });
  });

  it('keeps the leftmost of two columns naming one field, and skips blanks and unknown titles', () => {
    expect(columnsOf([undefined, 'Item', 'Notes', 'Product', 'Cost', 'Price'])).toEqual({
      name: 1,
      price: 4,
    });
  });
});

describe('isHeader', () => {
  it('needs a name and a price column', () => {
    expect(isHeader(columnsOf(['Name', 'Price']))).toBe(true);
    expect(isHeader(columnsOf(['Name', 'Description', 'Category']))).toBe(false);
    expect(isHeader(columnsOf(['Price list 2026', undefined]))).toBe(false);
  });
});

describe('missingColumnsMessage', () => {
  it('names the required columns a header lacks', () => {
    expect(
      missingColumnsMessage(columnsOf(['Name', 'Price', 'Description', 'Category']), 'row 1'),
    ).toBeUndefined();
    expect(missingColumnsMessage(columnsOf(['Name', 'Price', 'Category']), 'row 3')).toBe(
      'The header row (row 3) has no Description column: every product needs a description. Add the column and upload the file again.',
    );
    expect(missingColumnsMessage(columnsOf(['Name', 'Price']), 'page 1')).toBe(
      'The header row (page 1) has no Description or Category column: every product needs a description and a category. Add the columns and upload the file again.',
    );
  });
});
