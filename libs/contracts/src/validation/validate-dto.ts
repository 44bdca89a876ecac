import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';
import { illFormedTextPath } from './well-formed-text';

/** A failed validation: one sentence for a person, and the field as the API spells it, for a program. */
export interface DtoValidationFailure {
  ok: false;
  message: string;
  /** Absent when the body as a whole is wrong (not an object). */
  field?: string;
  /** Every bad field, the first one (`field`, `message`) included, when more than one is named. */
  errors?: FieldError[];
}

/** One bad field of a body or query. */
export interface FieldError {
  field: string;
  message: string;
}

export type DtoValidationResult<T> = { ok: true; value: T } | DtoValidationFailure;

/**
 * Turns an untrusted body or query into an instance of `dtoClass` (trimmed, numbers converted),
 * or explains the first problem in one sentence that names the field (and lists every bad field
 * in `errors` when there are several). Unknown fields are refused,
 * including keys named like Object's built-ins (`constructor`, `toString`), which class-validator's
 * whitelist lets through; so is text with NUL or an unpaired surrogate in any field.
 */
export function validateDto<T extends object>(dtoClass: new () => T, plain: unknown): DtoValidationResult<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, message: 'The request body must be a JSON object' };
  }
  const builtIn = Object.keys(plain).find((key) => key in Object.prototype);
  if (builtIn !== undefined) return { ok: false, message: `Unknown field "${builtIn}"`, field: builtIn };

  const value = plainToInstance(dtoClass, plain);
  const errors = validateSync(value, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  if (errors.length > 0) {
    const failures = errors.map((error) => failureOf(error));
    const first = failures[0];
    if (failures.length === 1) return first;
    return { ...first, errors: failures.map(({ field, message }) => ({ field: field ?? '', message })) };
  }

  const illFormed = illFormedTextPath(value);
  if (illFormed !== undefined) {
    return {
      ok: false,
      message: `"${illFormed}" contains a character that is not allowed`,
      field: illFormed,
    };
  }
  return { ok: true, value };
}

function failureOf(error: ValidationError, parent?: string): DtoValidationFailure {
  const field = parent === undefined ? error.property : `${parent}.${error.property}`;
  if (error.constraints?.whitelistValidation)
    return { ok: false, message: `Unknown field "${field}"`, field };
  const message = Object.values(error.constraints ?? {})[0];
  if (message !== undefined) return { ok: false, message, field };
  const child = error.children?.[0];
  return child ? failureOf(child, field) : { ok: false, message: `${field} is invalid`, field };
}
