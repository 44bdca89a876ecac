import { MESSAGE_STATUSES, type MessageStatus } from './message-statuses';
import { OptionalChoice } from '../../validation/choice-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalText } from '../../validation/text-fields';
import { ListQueryDto } from '../../lists/list-query.dto';
import { IncludeTestFlag } from '../test-data/test-data-query.dto';

/** GET /api/messages: `q` matches content or platform; newest first. */
export class ListMessagesQueryDto extends ListQueryDto {
  @OptionalChoice('Status', MESSAGE_STATUSES)
  status?: MessageStatus;

  @OptionalText('Customer ID', { max: FIELD_LIMITS.id })
  customerId?: string | null;

  @IncludeTestFlag()
  includeTest?: boolean;
}
