import { RequiredEmail } from '../../validation/email-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { OptionalTextList } from '../../validation/list-fields';
import { OptionalText } from '../../validation/text-fields';

const INVALID_EMAIL = 'Valid email is required';

/**
 * PATCH /api/email/subscribers/{id}: only the fields sent change. The status is not the owner's to set:
 * a subscriber unsubscribes through the mail's link, and a refused address is marked bounced.
 */
export class UpdateSubscriberDto {
  @IfPresent()
  @RequiredEmail({ required: INVALID_EMAIL, invalid: INVALID_EMAIL })
  email?: string;

  @OptionalText('First name', { max: FIELD_LIMITS.shortText })
  firstName?: string | null;

  @OptionalText('Last name', { max: FIELD_LIMITS.shortText })
  lastName?: string | null;

  @OptionalTextList('Tags', { maxItems: FIELD_LIMITS.tagCount, maxLength: FIELD_LIMITS.tag })
  tags?: string[];
}
