import { validateDto } from '../../validation/validate-dto';
import { ProductDto } from './product.dto';

const valid = { name: 'Lemon tart', description: 'Shortcrust, lemon curd.', price: 12.5, category: 'Cakes' };

describe('ProductDto', () => {
  it('accepts a product with features and stock', () => {
    const body = { ...valid, features: [' Vegan ', '', 'Gluten free'], inStock: false };
    expect(validateDto(ProductDto, body)).toEqual({
      ok: true,
      value: { ...valid, features: ['Vegan', 'Gluten free'], inStock: false },
    });
  });

  it.each([0, 0.01, 19.99, 100, 99_999_999.99])('accepts price %d', (price) => {
    expect(validateDto(ProductDto, { ...valid, price })).toMatchObject({ ok: true, value: { price } });
  });

  it.each([
    [{ ...valid, name: '' }, 'Name is required'],
    [{ ...valid, name: undefined }, 'Name is required'],
    [{ ...valid, description: ' ' }, 'Description is required'],
    [{ ...valid, price: undefined }, 'Price is required'],
    [{ ...valid, price: null }, 'Price is required'],
    [{ ...valid, category: '' }, 'Category is required'],
    [{ ...valid, price: '12.50' }, 'Price must be a number with at most 2 decimal places'],
    [{ ...valid, price: 1.999 }, 'Price must be a number with at most 2 decimal places'],
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
  ])('refuses %j: %s', (body, message) => {
    expect(validateDto(ProductDto, body)).toMatchObject({ ok: false, message });
  });
});
