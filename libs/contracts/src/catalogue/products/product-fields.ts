import { Transform } from 'class-transformer';
import { IsDefined, IsNumber, Max, Min } from 'class-validator';
import { compose } from '../../validation/compose';
import { MAX_PRICE, parsePrice } from './price';

/** A price sent as decimal text (`"$1,299.00"`, `"1.299,00 €"`) arrives as a number; other values pass through. */
function priceFromText({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return undefined;
  return parsePrice(value) ?? Number.NaN;
}

/**
 * A product's price: a JSON number or decimal text, at least 0, at most what numeric(10, 2) holds, at most
 * two decimals. Every refusal names `price`.
 */
export function ProductPrice(): PropertyDecorator {
  return compose(
    Transform(priceFromText),
    IsDefined({ message: 'Price is required' }),
    IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
      { message: 'Price must be a number with at most 2 decimal places, such as 1299.00' },
    ),
    Min(0, { message: 'Price cannot be negative' }),
    Max(MAX_PRICE, { message: `Price must be at most ${MAX_PRICE}` }),
  );
}
