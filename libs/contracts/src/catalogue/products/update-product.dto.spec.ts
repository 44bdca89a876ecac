import { validateDto } from '../../validation/validate-dto';
import { UpdateProductDto } from './update-product.dto';

describe('UpdateProductDto', () => {
  it('accepts an empty change and any one field', () => {
    expect(validateDto(UpdateProductDto, {})).toEqual({ ok: true, value: {} });
    expect(validateDto(UpdateProductDto, { price: '$9.99' })).toEqual({ ok: true, value: { price: 9.99 } });
    expect(validateDto(UpdateProductDto, { inStock: false })).toEqual({
      ok: true,
      value: { inStock: false },
    });
  });

  it.each([
    [{ name: '' }, 'name', 'Name is required'],
    [{ price: null }, 'price', 'Price is required'],
    [{ price: -1 }, 'price', 'Price cannot be negative'],
    [{ category: ' ' }, 'category', 'Category is required'],
    [{ features: null }, 'features', 'Features must be a list of text'],
    [{ ownerId: 'x' }, 'ownerId', 'Unknown field "ownerId"'],
  ])('refuses %j naming %s', (body, field, message) => {
    expect(validateDto(UpdateProductDto, body)).toMatchObject({ ok: false, field, message });
  });
});
