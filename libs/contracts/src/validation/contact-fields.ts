import { Transform } from 'class-transformer';
import { IsOptional, IsString, IsUrl, Matches, MaxLength } from 'class-validator';
import { compose } from './compose';
import { FIELD_LIMITS } from './field-limits';
import { blankToNull } from './transforms';
import { WellFormedText } from './well-formed-text';

/** At least three digits (any script), an optional leading +, and spaces, dots, dashes or brackets between. */
const PHONE_PATTERN = /^\+?(?:[\s().-]*\p{Nd}){3,}[\s().-]*$/u;

export function OptionalPhone(label: string): PropertyDecorator {
  return compose(
    Transform(blankToNull),
    IsOptional(),
    IsString({ message: `${label} must be text` }),
    WellFormedText(label),
    MaxLength(FIELD_LIMITS.phone, { message: `${label} must be at most ${FIELD_LIMITS.phone} characters` }),
    Matches(PHONE_PATTERN, { message: `${label} must be a valid phone number` }),
  );
}

/** A web address; the scheme may be left out (`example.com`). */
export function OptionalUrl(label: string): PropertyDecorator {
  return compose(
    Transform(blankToNull),
    IsOptional(),
    IsString({ message: `${label} must be text` }),
    WellFormedText(label),
    MaxLength(FIELD_LIMITS.url, { message: `${label} must be at most ${FIELD_LIMITS.url} characters` }),
    IsUrl({ protocols: ['http', 'https'] }, { message: `${label} must be a valid web address` }),
  );
}
