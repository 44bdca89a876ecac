import { ValidateIf } from 'class-validator';

/** Validates only when the field was sent. Unlike `IsOptional`, null is checked (and refused) like any other value. */
export function IfPresent(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
