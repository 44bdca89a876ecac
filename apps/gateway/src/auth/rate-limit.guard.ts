import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { AuthenticatedRequest } from '../rpc/caller.decorator';
import { RateLimiter, type RateLimitKind } from './rate-limiter';

interface RateLimitRule {
  action: string;
  kind: RateLimitKind;
}

const RATE_LIMIT_RULE = 'parley:rate-limit';
/** Longer than any address (RFC 5321): such a value is not one, and is not made a Redis key. */
const MAX_ADDRESS_LENGTH = 320;

/**
 * Counts every attempt at `action` before the body is validated, so a malformed, oversized-nested or
 * otherwise refused body is an attempt like any other (429 with Retry-After past the limit). On a route
 * behind the session guard (a class guard, so it runs first) the owner is known: the owner kinds count it.
 */
export function RateLimit(action: string, kind: RateLimitKind): MethodDecorator {
  return applyDecorators(SetMetadata(RATE_LIMIT_RULE, { action, kind }), UseGuards(RateLimitGuard));
}

@Injectable()
export class RateLimitGuard implements CanActivate {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = this.reflector.get<RateLimitRule | undefined>(RATE_LIMIT_RULE, context.getHandler());
    if (!rule) return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const asker = { ip: req.ip, email: addressIn(req.body), ownerId: req.actor?.workspaceId };
    await this.limiter.consume(rule.action, this.limiter.keysFor(rule.kind, asker));
    return true;
  }
}

/** The body's `email` as the DTO will normalise it, when it is text of an address's length. */
function addressIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const email = (body as { email?: unknown }).email;
  return typeof email === 'string' && email.length <= MAX_ADDRESS_LENGTH
    ? email.trim().toLowerCase()
    : undefined;
}
