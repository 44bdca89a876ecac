import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { AT_LIMIT_REPLIES, type AtLimitReply, AWAY_MESSAGE } from './at-limit-reply';
import { CURRENCIES, type Currency } from '../../rules/currencies';
import { isTimeZone } from '../reports/report-rules';
import { RESPONSE_STYLES, type ResponseStyle } from './response-styles';
import { STAGE_MODES, type StageMode } from '../customers/stage-history';
import { isValidResponseDelay, RESPONSE_DELAY } from './response-delay';
import { OptionalBoolean, OptionalChoice } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { OptionalPhone, OptionalUrl } from '../../validation/contact-fields';
import { OptionalEmail } from '../../validation/email-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { IfPresent } from '../../validation/if-present';
import { OptionalTextList } from '../../validation/list-fields';
import { OptionalText, RequiredText } from '../../validation/text-fields';
import { blankToNull } from '../../validation/transforms';
import { WellFormedText } from '../../validation/well-formed-text';

const { min, max, step } = RESPONSE_DELAY;

/**
 * PUT /api/ai-config, from the AI Config and Business Setup screens. An absent (undefined) field keeps
 * its current value (its default on first save), null clears it; `additionalFields` names extra details to ask
 * customers for. `awayMessage` is required (not blank) when `atLimitReply` is `away_message`: a body
 * choosing it while clearing the message is refused here; the stored configuration after a save is checked
 * by the service (a body may choose it and keep the stored message).
 */
export class AiConfigDto {
  @RequiredText('Company name', { max: FIELD_LIMITS.name })
  companyName!: string;

  @RequiredText('Company description', { max: FIELD_LIMITS.description })
  companyDescription!: string;

  /**
   * Beyond the spec: the owner's notes for the agent (staff codes, margins, suppliers). Never sent to an AI provider
   * nor said to a customer; a reply that would contain one is replaced by a hand-off. Null clears them.
   */
  @OptionalText('Private notes', { max: FIELD_LIMITS.description })
  privateNotes?: string | null;

  /**
   * Beyond the spec: the business's currency (ISO 4217, one of CURRENCIES; USD until chosen). Changing it relabels
   * the catalogue's prices in it (the numbers stay: there are no exchange rates); the screens ask first.
   */
  @OptionalChoice('Currency', CURRENCIES)
  currency?: Currency;

  /**
   * Beyond the spec (issue 34): the business's IANA time zone ("Europe/Madrid"), whose days the reports count in.
   * Unset (null) until a screen sends the browser's; it cannot be cleared once set.
   */
  @compose(
    IfPresent(),
    ValidateBy(
      { name: 'isTimeZone', validator: { validate: isTimeZone } },
      { message: 'Time zone must be an IANA time zone name, such as Europe/Madrid' },
    ),
  )
  timeZone?: string;

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

  @OptionalChoice('At-limit reply', AT_LIMIT_REPLIES)
  atLimitReply?: AtLimitReply;

  /** Beyond the spec (issue 34): whether the AI moves customers between stages itself (`move`, the default) or only suggests. */
  @OptionalChoice('Stage mode', STAGE_MODES)
  stageMode?: StageMode;

  @compose(
    Transform(blankToNull),
    // Absent keeps the stored one; null clears it, unless this body also chooses the away message.
    ValidateIf(
      (dto: AiConfigDto, value: unknown) =>
        value !== undefined && (value !== null || dto.atLimitReply === 'away_message'),
    ),
    IsNotEmpty({ message: AWAY_MESSAGE.required }),
    IsString({ message: 'Away message must be text' }),
    WellFormedText('Away message'),
    MaxLength(AWAY_MESSAGE.maxLength, {
      message: `Away message must be at most ${AWAY_MESSAGE.maxLength} characters`,
    }),
  )
  awayMessage?: string | null;
}
