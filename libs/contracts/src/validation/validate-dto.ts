import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

export type DtoValidationResult<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * Turns an untrusted body or query into an instance of `dtoClass` (trimmed, numbers converted),
 * or explains the first problem in one sentence that names the field. Unknown fields are refused.
 */
export function validateDto<T extends object>(dtoClass: new () => T, plain: unknown): DtoValidationResult<T> {
  if (typeof plain !== 'object' || plain === null || Array.isArray(plain)) {
    return { ok: false, message: 'The request body must be a JSON object' };
  }
  const value = plainToInstance(dtoClass, plain);
  const errors = validateSync(value, { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true });
  return errors.length === 0 ? { ok: true, value } : { ok: false, message: messageOf(errors[0]) };
}

function messageOf(error: ValidationError): string {
  if (error.constraints?.whitelistValidation) return `Unknown field "${error.property}"`;
  return Object.values(error.constraints ?? {})[0] ?? `${error.property} is invalid`;
}
