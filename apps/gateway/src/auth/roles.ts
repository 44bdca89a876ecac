import {
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainException, ErrorCode, type Role } from '@parley/contracts';
import type { AuthenticatedRequest } from '../rpc/caller.decorator';

/** Where a route's rule is kept: the roles that may call it, or PUBLIC. Read by the route × role test. */
export const ROLES_METADATA = 'parley:roles';
/** The rule of a route anyone may call, signed in or not. */
export const PUBLIC = 'public';
export type RouteRule = readonly Role[] | typeof PUBLIC;

/** Every member, whatever their role. */
export const ANY_MEMBER: readonly Role[] = ['owner', 'admin', 'agent'];
/** Everything but the inbox work: AI configuration, training writes, channels, email, members. */
export const MANAGERS: readonly Role[] = ['owner', 'admin'];
/** Billing (plans, refills, checkout) and ownership. */
export const OWNER: readonly Role[] = ['owner'];

/**
 * Who may call the route (docs/teams.md, "Roles"): a signed-in member with one of `roles`; another role is
 * 403 FORBIDDEN before anything reaches a service, so nothing changes. The session guard must run first
 * (on the controller, or written below this decorator on the method): the route × role test checks it.
 */
export function Roles(...roles: readonly Role[]): MethodDecorator {
  return applyDecorators(SetMetadata(ROLES_METADATA, roles), UseGuards(RolesGuard));
}

/** A route anyone may call (sign-in, webhooks, an invitation's link): says so, for the route × role test. */
export function Public(): MethodDecorator {
  return SetMetadata(ROLES_METADATA, PUBLIC);
}

/** The rule a route declares on its handler; undefined when it declares none. */
export function ruleOf(reflector: Reflector, handler: Parameters<Reflector['get']>[1]): RouteRule | undefined {
  return reflector.get<RouteRule | undefined>(ROLES_METADATA, handler);
}

@Injectable()
export class RolesGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const rule = ruleOf(this.reflector, context.getHandler());
    if (rule === PUBLIC || rule === undefined) return true;
    const { actor } = context.switchToHttp().getRequest<AuthenticatedRequest>();
    // No actor: the session guard did not run first (a wiring bug the route × role test catches).
    if (!actor) throw new DomainException(ErrorCode.Unauthenticated, 'Please log in to continue.');
    if (!rule.includes(actor.role)) {
      throw new DomainException(ErrorCode.Forbidden, `Your role (${actor.role}) cannot do this.`);
    }
    return true;
  }
}
