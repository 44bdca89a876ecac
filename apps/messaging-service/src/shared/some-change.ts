import { DomainException, ErrorCode } from '@parley/contracts';

/**
 * A PATCH body that changes nothing is refused as a 400 naming what it may change, as the API spells
 * them. `fields` are the DTO's fields; an absent field is undefined on the validated DTO.
 */
export function requireSomeChange<T extends object>(changes: T, fields: readonly (keyof T & string)[]): T {
  if (fields.every((field) => changes[field] === undefined)) {
    throw new DomainException(
      ErrorCode.ValidationFailed,
      `Nothing to change: send at least one of ${fields.join(', ')}`,
    );
  }
  return changes;
}
