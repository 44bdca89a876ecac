import { Transform } from 'class-transformer';
import { IsDefined, IsEmail, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { AUTH_MESSAGES } from '../rules/auth-messages';
import { compose } from './compose';
import { normaliseEmail, blankToNull } from './transforms';
import { WellFormedText } from './well-formed-text';

/** An email address, required; stored trimmed and lower-cased so that it can identify an account. */
export function RequiredEmail(messages: { required: string; invalid: string }): PropertyDecorator {
  return compose(
    Transform(normaliseEmail),
    IsDefined({ message: messages.required }),
    IsString({ message: messages.invalid }),
    IsNotEmpty({ message: messages.required }),
    WellFormedText('Email'),
    IsEmail({}, { message: messages.invalid }),
  );
}

/** An optional contact address, kept as typed (trimmed); blank is null. */
export function OptionalEmail(label: string): PropertyDecorator {
  return compose(
    Transform(blankToNull),
    IsOptional(),
    WellFormedText(label),
    IsEmail({}, { message: `${label} must be a valid email address` }),
  );
}

/** The email of an account form (register, login, forgot password, resend verification). */
export function AccountEmail(): PropertyDecorator {
  return RequiredEmail({ required: AUTH_MESSAGES.emailRequired, invalid: AUTH_MESSAGES.emailInvalid });
}
