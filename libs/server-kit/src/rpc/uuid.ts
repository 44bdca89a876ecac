import { DomainException, ErrorCode } from '@parley/contracts';

/** A UUID as PostgreSQL writes it (lower case). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** An id from a URL or body: anything that is not a UUID cannot name a row, so it is simply not found. */
export function requireUuid(id: string, what: string): string {
  const lower = id.toLowerCase();
  if (!UUID.test(lower)) throw new DomainException(ErrorCode.NotFound, `${what} not found`);
  return lower;
}
