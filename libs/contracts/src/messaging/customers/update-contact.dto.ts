import { CUSTOMER_STAGES, type CustomerStage } from './customer-stages';
import { OptionalLeadValue } from '../leads/lead-value';
import { OptionalChoice } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { OptionalPhone } from '../../validation/contact-fields';
import { OptionalEmail } from '../../validation/email-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { OptionalTextList } from '../../validation/list-fields';
import { OptionalText, RequiredText } from '../../validation/text-fields';

/**
 * PATCH /api/customers/{id}: the inbox's contact panel and the pipeline board edit any of these (at least one; absent fields
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

  /**
   * What their lead is worth, in the business's currency; null clears it. A customer with no lead gets one
   * (the owner says they are worth something), as reaching a lead stage gives one.
   */
  @OptionalLeadValue()
  leadValue?: number | null;
}
