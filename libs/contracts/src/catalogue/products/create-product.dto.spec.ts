import { validateDto } from '../../validation/validate-dto';
import { CreateProductDto } from './create-product.dto';

const valid = { name: 'Lemon tart', description: 'Shortcrust, lemon curd.', price: 12.5, category: 'Cakes' };

describe('CreateProductDto', () => {
  it('accepts a product with features and stock', () => {
    const body = { ...valid, features: [' Vegan ', 'Gluten free'], inStock: false };
    expect(validateDto(CreateProductDto, body)).toEqual({
      ok: true,
      value: { ...valid, features: ['Vegan', 'Gluten free'], inStock: false },
    });
  });

  it.each([0, 0.01, 19.99, 100, 99_999_999.99])('accepts price %d', (price) => {
    expect(validateDto(CreateProductDto, { ...valid, price })).toMatchObject({ ok: true, value: { price } });
  });

  it.each([
    ['12.50', 12.5],
    ['$1,299.00', 1299],
    ['1.299,00 €', 1299],
    ['١٢٫٥٠', 12.5],
  ])('accepts the price text %j as %d', (price, value) => {
    expect(validateDto(CreateProductDto, { ...valid, price })).toMatchObject({
      ok: true,
      value: { price: value },
    });
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, name: undefined }, 'Name is required'],
    [{ ...valid, description: ' ' }, 'Description is required'],
    [{ ...valid, price: undefined }, 'Price is required'],
    [{ ...valid, price: null }, 'Price is required'],
    [{ ...valid, category: '' }, 'Category is required'],
    [{ ...valid, price: 'twelve' }, 'Price must be a number with at most 2 decimal places, such as 1299.00'],
    [{ ...valid, price: '-$5.00' }, 'Price cannot be negative'],
    [{ ...valid, price: '' }, 'Price is required'],
    [{ ...valid, price: '1,000,000,000' }, 'Price must be at most 99999999.99'],
    [
      { ...valid, features: Array.from({ length: 51 }, (_, i) => `f${i}`) },
      'Features can have at most 50 items',
    ],
    [{ ...valid, price: 1.999 }, 'Price must be a number with at most 2 decimal places, such as 1299.00'],
    [{ ...valid, price: -1 }, 'Price cannot be negative'],
    [{ ...valid, price: 100_000_000 }, 'Price must be at most 99999999.99'],
    [{ ...valid, name: 'x'.repeat(201) }, 'Name must be at most 200 characters'],
    [{ ...valid, category: 'x'.repeat(101) }, 'Category must be at most 100 characters'],
    [{ ...valid, features: 'Vegan, Gluten free' }, 'Features must be a list of text'],
    [{ ...valid, features: ['Vegan', 3] }, 'Features must be a list of text'],
    [{ ...valid, features: ['x'.repeat(201)] }, 'Features must each be at most 200 characters'],
    [{ ...valid, inStock: 'true' }, 'In stock must be true or false'],
    [{ ...valid, inStock: null }, 'In stock must be true or false'],
    [{ ...valid, features: null }, 'Features must be a list of text'],
    [{ ...valid, features: ['Vegan', ''] }, 'Features cannot have empty items'],
    [{ ...valid, features: ['  ', 'Vegan'] }, 'Features cannot have empty items'],
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(CreateProductDto, body)).toMatchObject({ ok: false, message });
  });

  it('names price as the field of every price refusal', () => {
    expect(validateDto(CreateProductDto, { ...valid, price: 'abc' })).toMatchObject({
      ok: false,
      field: 'price',
    });
  });
});
