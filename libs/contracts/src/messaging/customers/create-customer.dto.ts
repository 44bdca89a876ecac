import { CUSTOMER_STAGES, type CustomerStage } from './customer-stages';
import { PLATFORMS, type Platform } from '../../enums/platforms';
import { OptionalChoice, RequiredChoice } from '../../validation/choice-fields';
import { OptionalPhone } from '../../validation/contact-fields';
import { OptionalEmail } from '../../validation/email-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalText, RequiredText } from '../../validation/text-fields';

/** POST /api/customers (Add Customer). The stage defaults to `new`. */
export class CreateCustomerDto {
  @RequiredText('Name', { max: FIELD_LIMITS.name })
  name!: string;

  @RequiredChoice('Platform', PLATFORMS)
  platform!: Platform;

  @RequiredText('Platform username', { max: FIELD_LIMITS.username })
  platformUsername!: string;

  @OptionalEmail('Email')
  email?: string | null;

  @OptionalPhone('Phone')
  phone?: string | null;

  @OptionalText('Interest', { max: FIELD_LIMITS.interest })
  interest?: string | null;

  @OptionalText('Notes', { max: FIELD_LIMITS.notes })
  notes?: string | null;

  @OptionalChoice('Stage', CUSTOMER_STAGES)
  stage?: CustomerStage;
}
