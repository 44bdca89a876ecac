import { DomainException, ErrorCode } from '@parley/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id from a URL or body: anything that is not a UUID cannot name a row, so it is simply not found. */
export function requireUuid(id: string, what: string): string {
  if (!UUID.test(id)) throw new DomainException(ErrorCode.NotFound, `${what} not found`);
  return id.toLowerCase();
}
