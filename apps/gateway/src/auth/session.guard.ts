import { Injectable } from '@nestjs/common';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import { type Actor, type CurrentUserResponse, DomainException, ErrorCode } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-custom';
import { readCookie, SESSION_COOKIE } from './cookies';
import { SessionResolver } from './session-resolver';

/**
 * Passport's strategy for our session cookie (passport-custom: the request in, the owner out). The
 * session itself is resolved by SessionResolver (Redis cache, then auth-service).
 */
@Injectable()
export class SessionStrategy extends PassportStrategy(Strategy, 'session') {
  constructor(private readonly sessions: SessionResolver) {
    super();
  }

  async validate(req: FastifyRequest): Promise<Actor> {
    const user = await this.sessions.currentUser(readCookie(req.headers.cookie, SESSION_COOKIE), req.id);
    if (!user) throw new DomainException(ErrorCode.Unauthenticated, 'Please log in to continue.');
    return actorOf(user);
  }
}

/** Lets signed-in owners through, recording who they are as `req.actor` (401 otherwise). No Passport session. */
@Injectable()
export class SessionGuard extends AuthGuard('session') {
  override getAuthenticateOptions(): { session: boolean; property: string } {
    return { session: false, property: 'actor' };
  }
}

/** The actor of a signed-in member: the person, their workspace and their role there (docs/teams.md). */
export function actorOf(user: CurrentUserResponse): Actor {
  return { userId: user.id, workspaceId: user.workspace.id, role: user.role };
}
