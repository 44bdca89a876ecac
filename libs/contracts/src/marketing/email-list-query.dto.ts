import { LIST_QUERY_LIMIT } from '../lists/list-query-limit';
import { FIELD_LIMITS } from '../validation/field-limits';
import { ListLimit } from '../validation/number-fields';
import { OptionalText } from '../validation/text-fields';

/**
 * GET /api/email/templates, /campaigns and /subscribers: the owner's newest first, `limit` a page;
 * `cursor` is the `x-next-cursor` of the previous page.
 */
export class ListEmailQueryDto {
  @ListLimit()
  limit: number = LIST_QUERY_LIMIT.default;

  @OptionalText('Cursor', { max: FIELD_LIMITS.cursor })
  cursor?: string | null;
}
