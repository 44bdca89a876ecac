import { DomainException, ErrorCode } from '@parley/contracts';

/**
 * Whether an error means a store the service needs (PostgreSQL, Redis) cannot be reached right now,
 * rather than a bug: the caller then gets a fast 503 it can retry, not a 500. Looks through the wrappers
 * (MikroORM's `previous`, `cause`) to the error the driver raised.
 */
export function isStoreUnavailable(error: unknown): boolean {
  // Not `instanceof Error`: Node's own socket errors come from another realm under Jest.
  let e = error as Partial<DriverError> | undefined;
  for (let depth = 0; typeof e === 'object' && e !== null && depth < 5; depth++) {
    const { name, code, message } = e;
    if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || isPgUnavailable(code))) return true;
    if (typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
    e = (e.previous ?? e.cause) as Partial<DriverError> | undefined;
  }
  return false;
}

/**
 * Whether background work (a queued job) failed on an outage rather than on its own input: a store out of
 * reach (isStoreUnavailable), or a request to another service that found nobody to answer it, NATS down,
 * or no answer in time (SERVICE_UNAVAILABLE, TIMEOUT). Such work is worth doing again once the outage is
 * over, however many attempts it spent meanwhile.
 */
export function isOutage(error: unknown): boolean {
  if (error instanceof DomainException)
    return error.code === ErrorCode.ServiceUnavailable || error.code === ErrorCode.Timeout;
  return isStoreUnavailable(error);
}

/** The members of a driver's error (or of its wrappers) looked at. */
interface DriverError {
  name: string;
  code: string;
  message: string;
  previous: unknown;
  cause: unknown;
}

/** MikroORM's wrapper of a lost connection; knex's pool timing out; ioredis giving up on a command. */
const UNAVAILABLE_NAMES = new Set(['ConnectionException', 'KnexTimeoutError', 'MaxRetriesPerRequestError']);

/** Node's socket errors. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL's SQLSTATE for a connection that failed (class 08), a server shutting down or restarting
 * (57P01–57P03), or too many connections (53300).
 */
function isPgUnavailable(code: string): boolean {
  return code.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(code);
}

/** What pg and ioredis throw, without a code, when the connection went away. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /^Connection is closed\.$/,
  /^Command timed out$/,
  /^Stream isn't writeable and enableOfflineQueue options is false$/,
];
