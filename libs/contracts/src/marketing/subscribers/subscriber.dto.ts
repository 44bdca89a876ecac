import { RequiredEmail } from '../../validation/email-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalTextList } from '../../validation/list-fields';
import { OptionalText } from '../../validation/text-fields';

const INVALID_EMAIL = 'Valid email is required';

/** POST /api/email/subscribers. */
export class SubscriberDto {
  @RequiredEmail({ required: INVALID_EMAIL, invalid: INVALID_EMAIL })
  email!: string;

  @OptionalText('First name', { max: FIELD_LIMITS.shortText })
  firstName?: string | null;

  @OptionalText('Last name', { max: FIELD_LIMITS.shortText })
  lastName?: string | null;

  @OptionalTextList('Tags', { maxItems: FIELD_LIMITS.tagCount, maxLength: FIELD_LIMITS.tag })
  tags?: string[];

  /** The customer (messaging) whose address this is, when made from their contact panel: one subscriber each. */
  @OptionalText('Customer ID', { max: FIELD_LIMITS.id })
  customerId?: string | null;
}
