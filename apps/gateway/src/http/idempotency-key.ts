import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { DomainException, ErrorCode } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';

/** Printable ASCII, as the IETF draft's Idempotency-Key (a structured-header string) allows. */
const KEY = /^[\x21-\x7e]{1,200}$/;

/**
 * The request's `Idempotency-Key` header (absent: undefined), so that a client retrying after a 5xx or a
 * lost answer does not store the same thing twice. A malformed key is a 400 naming the header.
 */
export const IdempotencyKey = createParamDecorator((_: unknown, ctx: ExecutionContext): string | undefined => {
  const header = ctx.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key'];
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY.test(header)) {
    throw new DomainException(
      ErrorCode.ValidationFailed,
      'Idempotency-Key must be 1 to 200 printable ASCII characters',
      { field: 'Idempotency-Key' },
    );
  }
  return header;
});

/** The header as /api/docs describes it. */
export const IDEMPOTENCY_KEY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: 'A key of your own for this request: a retry with the same key is stored once.',
};
