import { ConnectionException, DriverException, UniqueConstraintViolationException } from '@mikro-orm/core';
import { DomainException, ErrorCode } from '@parley/contracts';
import { isOutage, isStoreUnavailable } from './unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isStoreUnavailable', () => {
  it.each([
    ['a refused socket', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['PostgreSQL shutting down', withCode('terminating connection due to administrator command', '57P01')],
    ['a connection failure class 08', withCode('connection failure', '08006')],
    ['pg losing its connection', new Error('Connection terminated unexpectedly')],
    ['MikroORM wrapping a lost connection', new ConnectionException(new Error('gone'))],
    ['MikroORM wrapping a refused socket', new DriverException(withCode('refused', 'ECONNREFUSED'))],
    ['knex timing out for a connection', Object.assign(new Error('Timeout acquiring'), { name: 'KnexTimeoutError' })],
    ['ioredis giving up', Object.assign(new Error('Reached the max retries'), { name: 'MaxRetriesPerRequestError' })],
    ['a cause two levels down', new Error('outer', { cause: new Error('mid', { cause: withCode('x', 'ECONNRESET') }) })],
  ])('is true for %s', (_, error) => expect(isStoreUnavailable(error)).toBe(true));

  it.each([
    ['a bug', new TypeError('Cannot read properties of undefined')],
    ['a unique violation', new UniqueConstraintViolationException(withCode('duplicate key', '23505'))],
    ['a syntax error', withCode('syntax error at or near', '42601')],
    ['not an error', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => expect(isStoreUnavailable(error)).toBe(false));
});

describe('isOutage', () => {
  it.each([
    ['a store out of reach', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['another service (or NATS) unavailable', new DomainException(ErrorCode.ServiceUnavailable, 'down')],
    ['another service not answering in time', new DomainException(ErrorCode.Timeout, 'late')],
  ])('is true for %s', (_, error) => expect(isOutage(error)).toBe(true));

  it.each([
    ['a bug', new TypeError('Cannot read properties of undefined')],
    ['a refusal of the request', new DomainException(ErrorCode.ValidationFailed, 'bad')],
    ['a failure inside another service', new DomainException(ErrorCode.Internal, 'broken')],
  ])('is false for %s', (_, error) => expect(isOutage(error)).toBe(false));
});
