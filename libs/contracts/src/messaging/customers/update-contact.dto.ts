import { CUSTOMER_STAGES, type CustomerStage } from './customer-stages';
import { OptionalChoice } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { OptionalPhone } from '../../validation/contact-fields';
import { OptionalEmail } from '../../validation/email-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { OptionalTextList } from '../../validation/list-fields';
import { OptionalText, RequiredText } from '../../validation/text-fields';

/**
 * PATCH /api/customers/{id}: the inbox's contact panel edits any of these (at least one; absent fields
 * are kept, null or blank clears an optional one). PUT /api/customers/{id} stays the spec's stage change.
 */
export class UpdateContactDto {
  /** May be absent; when sent it must not be blank. */
  @compose(IfPresent(), RequiredText('Name', { max: FIELD_LIMITS.name }))
  name?: string;

  @OptionalEmail('Email')
  email?: string | null;

  @OptionalPhone('Phone')
  phone?: string | null;

  @OptionalText('Interest', { max: FIELD_LIMITS.interest })
  interest?: string | null;

  @OptionalText('Notes', { max: FIELD_LIMITS.notes })
  notes?: string | null;

  @OptionalTextList('Tags', { maxItems: FIELD_LIMITS.tagCount, maxLength: FIELD_LIMITS.tag })
  tags?: string[];

  @OptionalChoice('Stage', CUSTOMER_STAGES)
  stage?: CustomerStage;
}
