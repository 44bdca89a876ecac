import { LIST_QUERY_LIMIT } from './list-query-limit';
import { CUSTOMER_PLATFORMS, type CustomerPlatform } from '../enums/platforms';
import { OptionalChoice } from '../validation/choice-fields';
import { FIELD_LIMITS } from '../validation/field-limits';
import { ListLimit } from '../validation/number-fields';
import { OptionalText } from '../validation/text-fields';

/**
 * Query string shared by the list endpoints: `q` a case-insensitive substring search, `cursor` the
 * opaque `nextCursor` of the previous page. Every value arrives as text.
 */
export class ListQueryDto {
  @OptionalText('Search', { max: FIELD_LIMITS.searchQuery })
  q?: string | null;

  /** A channel, or `manual` (customers added by hand without one, and what was written to them). */
  @OptionalChoice('Platform', CUSTOMER_PLATFORMS)
  platform?: CustomerPlatform;

  @ListLimit()
  limit: number = LIST_QUERY_LIMIT.default;

  @OptionalText('Cursor', { max: FIELD_LIMITS.cursor })
  cursor?: string | null;
}
