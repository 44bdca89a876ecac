import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { DomainException, ErrorCode } from '@parley/contracts';
import type { AuthenticatedRequest } from '../rpc/caller.decorator';
import { readCookie, SESSION_COOKIE } from './cookies';
import { SessionResolver } from './session-resolver';

/** Lets signed-in owners through and records who they are on the request (401 otherwise). */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(private readonly sessions: SessionResolver) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<AuthenticatedRequest>();
    const user = await this.sessions.currentUser(readCookie(req.headers.cookie, SESSION_COOKIE), req.id);
    if (!user) throw new DomainException(ErrorCode.Unauthenticated, 'Please log in to continue.');
    req.actor = { userId: user.id };
    return true;
  }
}
