import { DomainException, ErrorCode, validateDto } from '@parley/contracts';

/**
 * Validates what arrived over NATS with the same DTO class the gateway used: services never trust
 * their caller's validation. A bad payload is a VALIDATION_FAILED naming the field (the first one in
 * `field`, each of several in `errors`).
 */
export function parsePayload<T extends object>(dtoClass: new () => T, data: unknown): T {
  const result = validateDto(dtoClass, data);
  if (!result.ok) {
    const details =
      result.field === undefined
        ? undefined
        : { field: result.field, ...(result.errors === undefined ? {} : { errors: result.errors }) };
    throw new DomainException(ErrorCode.ValidationFailed, result.message, details);
  }
  return result.value;
}
