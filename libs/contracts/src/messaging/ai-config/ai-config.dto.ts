import { ValidateBy } from 'class-validator';
import { RESPONSE_STYLES, type ResponseStyle } from './response-styles';
import { isValidResponseDelay, RESPONSE_DELAY } from './response-delay';
import { OptionalBoolean, OptionalChoice } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { OptionalPhone, OptionalUrl } from '../../validation/contact-fields';
import { OptionalEmail } from '../../validation/email-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { OptionalTextList } from '../../validation/list-fields';
import { OptionalText, RequiredText } from '../../validation/text-fields';

const { min, max, step } = RESPONSE_DELAY;

/**
 * PUT /api/ai-config, from the AI Config and Business Setup screens. An absent (undefined) field keeps
 * its current value (its default on first save), null clears it; `additionalFields` names extra details to ask
 * customers for.
 */
export class AiConfigDto {
  @RequiredText('Company name', { max: FIELD_LIMITS.name })
  companyName!: string;

  @RequiredText('Company description', { max: FIELD_LIMITS.description })
  companyDescription!: string;

  @OptionalChoice('Response style', RESPONSE_STYLES)
  responseStyle?: ResponseStyle;

  @OptionalBoolean('Auto respond')
  autoRespond?: boolean;

  @compose(
    IfPresent(),
    ValidateBy(
      { name: 'isResponseDelay', validator: { validate: isValidResponseDelay } },
      { message: `Response delay must be ${min} to ${max} seconds in steps of ${step}` },
    ),
  )
  responseDelay?: number;

  @OptionalText('Address', { max: FIELD_LIMITS.address })
  address?: string | null;

  @OptionalPhone('Phone number')
  phoneNumber?: string | null;

  @OptionalEmail('Email')
  email?: string | null;

  @OptionalUrl('Website')
  website?: string | null;

  @OptionalText('Google Maps location', { max: FIELD_LIMITS.url })
  googleMapsLocation?: string | null;

  @OptionalText('Opening hours', { max: FIELD_LIMITS.openingHours })
  openingHours?: string | null;

  @OptionalBoolean('Collect customer name')
  collectCustomerName?: boolean;

  @OptionalBoolean('Collect customer phone')
  collectCustomerPhone?: boolean;

  @OptionalBoolean('Collect customer email')
  collectCustomerEmail?: boolean;

  @OptionalBoolean('Collect customer address')
  collectCustomerAddress?: boolean;

  @OptionalTextList('Additional fields', {
    maxItems: FIELD_LIMITS.additionalFieldCount,
    maxLength: FIELD_LIMITS.shortText,
  })
  additionalFields?: string[];
}
