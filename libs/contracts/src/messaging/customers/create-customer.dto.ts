import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationArguments } from 'class-validator';
import { CUSTOMER_STAGES, type CustomerStage } from './customer-stages';
import { CUSTOMER_PLATFORMS, type CustomerPlatform, isPlatform } from '../../enums/platforms';
import { OptionalChoice } from '../../validation/choice-fields';
import { compose } from '../../validation/compose';
import { OptionalPhone } from '../../validation/contact-fields';
import { OptionalEmail } from '../../validation/email-fields';
import { FIELD_LIMITS } from '../../validation/field-limits';
import { OptionalText, RequiredText } from '../../validation/text-fields';
import { blankToNull } from '../../validation/transforms';
import { WellFormedText } from '../../validation/well-formed-text';

/** Why Add Customer refuses a customer it could not tell apart or reach (null: it does not). */
export const CUSTOMER_CONTACT_MESSAGES = {
  /** On a channel, the username is how their messages find them. */
  usernameRequired: 'Platform username is required',
  /** Without a channel (`manual`), some way to know them. */
  contactRequired: 'Email, phone or platform username is required',
} as const;

/** The customer Add Customer is asked for, as far as knowing who they are goes. */
export interface CustomerContact {
  platform?: string | null;
  platformUsername?: string | null;
  email?: string | null;
  phone?: string | null;
}

const given = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * A customer on a channel needs their platform username; one without (`manual`, the default) needs at least
 * one of email, phone or platform username. The form and the server both ask this.
 */
export function customerContactProblem(c: CustomerContact): keyof typeof CUSTOMER_CONTACT_MESSAGES | null {
  if (given(c.platformUsername)) return null;
  if (isPlatform(c.platform)) return 'usernameRequired';
  return given(c.email) || given(c.phone) ? null : 'contactRequired';
}

/** The platform username: judged with the email and phone (customerContactProblem), text when present. */
function PlatformUsername(): PropertyDecorator {
  const max = FIELD_LIMITS.username;
  return compose(
    Transform(blankToNull),
    ValidateBy(
      {
        name: 'isTextOrNull',
        validator: { validate: (value: unknown) => value == null || typeof value === 'string' },
      },
      { message: 'Platform username must be text' },
    ),
    ValidateBy({
      name: 'isCustomerContact',
      validator: {
        validate: (_value: unknown, args?: ValidationArguments) =>
          customerContactProblem(args?.object as CustomerContact) === null,
        defaultMessage: (args?: ValidationArguments) => {
          const problem = customerContactProblem(args?.object as CustomerContact);
          return problem === null ? '' : CUSTOMER_CONTACT_MESSAGES[problem];
        },
      },
    }),
    WellFormedText('Platform username'),
    ValidateBy(
      {
        name: 'maxLengthOrNull',
        constraints: [max],
        validator: { validate: (value: unknown) => typeof value !== 'string' || value.length <= max },
      },
      { message: `Platform username must be at most ${max} characters` },
    ),
  );
}

/**
 * POST /api/customers (Add Customer). The stage defaults to `new`; the platform to `manual` (no channel),
 * when the customer is known by an email, a phone or a username rather than by a channel they wrote on.
 */
export class CreateCustomerDto {
  @RequiredText('Name', { max: FIELD_LIMITS.name })
  name!: string;

  @OptionalChoice('Platform', CUSTOMER_PLATFORMS)
  platform?: CustomerPlatform;

  @PlatformUsername()
  platformUsername?: string | null;

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
