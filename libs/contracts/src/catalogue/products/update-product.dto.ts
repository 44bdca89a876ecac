import { OptionalBoolean } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { OptionalTextList } from '../../validation/list-fields';
import { RequiredText } from '../../validation/text-fields';
import { ProductPrice } from './product-fields';

/** PATCH /api/products/{id}: the create body, but only the fields sent change; a field sent must be valid. */
export class UpdateProductDto {
  @IfPresent()
  @RequiredText('Name', { max: FIELD_LIMITS.name })
  name?: string;

  @IfPresent()
  @RequiredText('Description', { max: FIELD_LIMITS.description })
  description?: string;

  @IfPresent()
  @ProductPrice()
  price?: number;

  @IfPresent()
  @RequiredText('Category', { max: FIELD_LIMITS.shortText })
  category?: string;

  @OptionalTextList('Features', {
    maxItems: FIELD_LIMITS.featureCount,
    maxLength: FIELD_LIMITS.feature,
    blankItems: 'refuse',
  })
  features?: string[];

  @OptionalBoolean('In stock')
  inStock?: boolean;
}
