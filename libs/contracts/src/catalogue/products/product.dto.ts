import { IsDefined, IsNumber, Max, Min } from 'class-validator';
import { compose } from '../../validation/compose';
import { OptionalBoolean } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalTextList } from '../../validation/list-fields';
import { RequiredText } from '../../validation/text-fields';

/** The largest price a decimal(10, 2) column holds. */
const MAX_PRICE = 99_999_999.99;

/**
 * POST /api/products and PATCH /api/products/{id}. `price` is a JSON number (the form parses "$0.00");
 * on create, absent `features` is empty and absent `inStock` is true; on update, absent keeps the stored value.
 */
export class ProductDto {
  @RequiredText('Name', { max: FIELD_LIMITS.name })
  name!: string;

  @RequiredText('Description', { max: FIELD_LIMITS.description })
  description!: string;

  @compose(
    IsDefined({ message: 'Price is required' }),
    IsNumber(
      { allowNaN: false, allowInfinity: false, maxDecimalPlaces: 2 },
      { message: 'Price must be a number with at most 2 decimal places' },
    ),
    Min(0, { message: 'Price cannot be negative' }),
    Max(MAX_PRICE, { message: `Price must be at most ${MAX_PRICE}` }),
  )
  price!: number;

  @RequiredText('Category', { max: FIELD_LIMITS.shortText })
  category!: string;

  @OptionalTextList('Features', { maxItems: FIELD_LIMITS.featureCount, maxLength: FIELD_LIMITS.feature })
  features?: string[];

  @OptionalBoolean('In stock')
  inStock?: boolean;
}
