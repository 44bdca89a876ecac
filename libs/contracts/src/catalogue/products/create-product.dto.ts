import { OptionalBoolean } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalTextList } from '../../validation/list-fields';
import { RequiredText } from '../../validation/text-fields';
import { ProductPrice } from './product-fields';

/**
 * POST /api/products (catalogue.products.create). `price` is a number or decimal text (`"$1,299.00"`);
 * absent `features` is empty, absent `inStock` is true.
 */
export class CreateProductDto {
  @RequiredText('Name', { max: FIELD_LIMITS.name })
  name!: string;

  @RequiredText('Description', { max: FIELD_LIMITS.description })
  description!: string;

  @ProductPrice()
  price!: number;

  @RequiredText('Category', { max: FIELD_LIMITS.shortText })
  category!: string;

  @OptionalTextList('Features', {
    maxItems: FIELD_LIMITS.featureCount,
    maxLength: FIELD_LIMITS.feature,
    blankItems: 'refuse',
  })
  features?: string[];

  @OptionalBoolean('In stock')
  inStock?: boolean;
}
