import { Controller, Delete, Get, Logger, Param, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  type Caller as CallerInfo,
  CONNECT_FAILURE_DETAIL,
  type ConnectFailure,
  DomainException,
  ErrorCode,
  INTEGRATIONS_SUBJECTS,
  isConnectFailure,
  type ChannelPlatform,
  type OAuthCallbackResult,
  type OAuthConnectResponse,
  type SocialIntegrationResponse,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, SESSION_COOKIE } from '../auth/cookies';
import { oauthBinding } from '../auth/oauth-binding';
import { actorOf, SessionGuard } from '../auth/session.guard';
import { SessionResolver } from '../auth/session-resolver';
import { Caller } from '../rpc/caller.decorator';
import { ANY_MEMBER, MANAGERS, Public, Roles } from '../auth/roles';

/**
 * Completing a connection and disconnecting call Meta several times (each bounded by the service's
 * META_TIMEOUT_MS), so they may take longer than an ordinary request.
 */
const META_CALLS_TIMEOUT_MS = 60_000;

/** The signed-in owner's channel connections (Meta OAuth), from integrations-service. */
@Controller('api')
export class IntegrationsController {
  private readonly logger = new Logger(IntegrationsController.name);

  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionResolver,
  ) {}

  /** The provider's dialog, with a state bound to this owner and to this browser session (its cookie). */
  @Roles(...MANAGERS)
  @Get('auth/:platform/connect')
  @UseGuards(SessionGuard)
  connect(
    @Param('platform') platform: string,
    @Req() req: FastifyRequest,
    @Caller() caller: CallerInfo,
  ): Promise<OAuthConnectResponse> {
    // The guard let a live session through, so its cookie is there.
    const token = sessionTokenOf(req);
    if (!token) throw new DomainException(ErrorCode.Unauthenticated, 'Please log in to continue.');
    return this.services.send(
      INTEGRATIONS_SUBJECTS.connectUrl,
      { platform, binding: oauthBinding(token) },
      caller,
    );
  }

  /**
   * The provider sends the browser here after its dialog. No guard (it always redirects), but the session
   * counts: the callback connects only when it comes back to the signed-in session that asked for the
   * link (integrations-service compares the owner and the binding with the state's). Always a redirect: to
   * the dashboard (which shows the "connected" toast), or back to the wizard's error step with a code of
   * CONNECT_FAILURES, never a text: not the provider's error_description, nor the service's words.
   */
  @Public()
  @Get('auth/:platform/callback')
  async callback(
    @Param('platform') platform: string,
    @Query('code') code: unknown,
    @Query('state') state: unknown,
    @Query('error') error: unknown,
    @Req() req: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    let location: string;
    try {
      // A cookie of a session that has ended counts as none.
      const token = sessionTokenOf(req);
      const user = await this.sessions.currentUser(token, req.id);
      const caller: CallerInfo = { actor: user ? actorOf(user) : undefined, requestId: req.id };
      const binding = user && token ? oauthBinding(token) : undefined;
      const result = await this.services.send<OAuthCallbackResult>(
        INTEGRATIONS_SUBJECTS.completeConnect,
        { platform, code, state, error, binding },
        caller,
        META_CALLS_TIMEOUT_MS,
      );
      location = `/dashboard?connected=${result.platform}`;
    } catch (failure) {
      location = `/setup/${encodeURIComponent(platform)}?error=${this.failureOf(failure)}`;
    }
    await reply.redirect(location, 302);
  }

  @Roles(...ANY_MEMBER)
  @Get('social-integrations')
  @UseGuards(SessionGuard)
  integrations(@Caller() caller: CallerInfo): Promise<SocialIntegrationResponse[]> {
    return this.services.send(INTEGRATIONS_SUBJECTS.listIntegrations, {}, caller);
  }

  /** The social panel's name for the same list. */
  @Roles(...ANY_MEMBER)
  @Get('social-media/integrations')
  @UseGuards(SessionGuard)
  socialMediaIntegrations(@Caller() caller: CallerInfo): Promise<SocialIntegrationResponse[]> {
    return this.services.send(INTEGRATIONS_SUBJECTS.listIntegrations, {}, caller);
  }

  @Roles(...MANAGERS)
  @Delete('social-integrations/:platform')
  @UseGuards(SessionGuard)
  disconnect(
    @Param('platform') platform: string,
    @Caller() caller: CallerInfo,
  ): Promise<{ platform: ChannelPlatform }> {
    return this.services.send(INTEGRATIONS_SUBJECTS.disconnect, { platform }, caller, META_CALLS_TIMEOUT_MS);
  }

  /**
   * The code the wizard is sent back with: the service's ConnectFailure, else `failed` (Parley itself: a
   * service down or too slow). The service's words, which may quote the provider, go to the log only.
   */
  private failureOf(failure: unknown): ConnectFailure {
    const code = failure instanceof DomainException ? failure.details?.[CONNECT_FAILURE_DETAIL] : undefined;
    this.logger.warn(
      `a connection could not be completed (${isConnectFailure(code) ? code : 'failed'}): ${failure instanceof Error ? failure.message : String(failure)}`,
    );
    return isConnectFailure(code) ? code : 'failed';
  }
}

function sessionTokenOf(req: FastifyRequest): string | undefined {
  return readCookie(req.headers.cookie, SESSION_COOKIE);
}
