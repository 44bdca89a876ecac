import { Transform } from 'class-transformer';
import { ListQueryDto } from '../../lists/list-query.dto';
import { OptionalBoolean } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalText } from '../../validation/text-fields';

/** `?inStock=true|false` arrives as text. */
function toBoolean({ value }: { value: unknown }): unknown {
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value;
}

/**
 * GET /api/products: `q` matches name, description or category (case-insensitive), `category` one category
 * (case-insensitive), `inStock` the stock flag; ordered by name, then id, with a keyset `cursor`.
 */
export class ListProductsQueryDto extends ListQueryDto {
  @OptionalText('Category', { max: FIELD_LIMITS.shortText })
  category?: string | null;

  @Transform(toBoolean)
  @OptionalBoolean('In stock')
  inStock?: boolean;
}
