import { ValidateBy, type ValidationOptions } from 'class-validator';
import { AUTH_MESSAGES } from '../rules/auth-messages';
import { checkPassword } from '../rules/password-rules';

function messageFor(value: unknown): string {
  if (typeof value !== 'string' || value === '') return AUTH_MESSAGES.passwordRequired;
  return checkPassword(value)[0]?.message ?? AUTH_MESSAGES.passwordRequirementsNotMet;
}

/** Rejects a password that breaks a rule of PASSWORD_RULES, with that rule's message (the first one broken). */
export function IsParleyPassword(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isParleyPassword',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && checkPassword(value).length === 0,
        defaultMessage: (args) => messageFor(args?.value),
      },
    },
    options,
  );
}
