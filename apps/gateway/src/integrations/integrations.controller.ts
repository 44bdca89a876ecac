import { Controller, Delete, Get, Logger, Param, Query, Res, UseGuards } from '@nestjs/common';
import {
  type Caller as CallerInfo,
  DomainException,
  INTEGRATIONS_SUBJECTS,
  type MetaChannel,
  type OAuthCallbackResult,
  type OAuthConnectResponse,
  type SocialIntegrationResponse,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import type { FastifyReply } from 'fastify';
import { SessionGuard } from '../auth/session.guard';
import { httpStatusOf } from '../errors/http-status';
import { Caller } from '../rpc/caller.decorator';

/**
 * Completing a connection and disconnecting call Meta several times (each bounded by the service's
 * META_TIMEOUT_MS), so they may take longer than an ordinary request.
 */
const META_CALLS_TIMEOUT_MS = 60_000;

/** What the wizard shows when Parley itself failed (a service down or too slow): nothing the owner did. */
const OUR_FAILURE = 'Parley could not finish the connection. Please try again.';

/** The signed-in owner's channel connections (Meta OAuth), from integrations-service. */
@Controller('api')
export class IntegrationsController {
  private readonly logger = new Logger(IntegrationsController.name);

  constructor(private readonly services: ServiceClient) {}

  @Get('auth/:platform/connect')
  @UseGuards(SessionGuard)
  connect(@Param('platform') platform: string, @Caller() caller: CallerInfo): Promise<OAuthConnectResponse> {
    return this.services.send(INTEGRATIONS_SUBJECTS.connectUrl, { platform }, caller);
  }

  /**
   * Meta sends the browser here after its dialog. Public: the signed state names the owner. Always a
   * redirect: to the dashboard (which shows the "connected" toast), or back to the wizard's error step
   * with the reason.
   */
  @Get('auth/:platform/callback')
  async callback(
    @Param('platform') platform: string,
    @Query('code') code: unknown,
    @Query('state') state: unknown,
    @Query('error') error: unknown,
    @Query('error_description') errorDescription: unknown,
    @Res() reply: FastifyReply,
    @Caller() caller: CallerInfo,
  ): Promise<void> {
    let location: string;
    try {
      const result = await this.services.send<OAuthCallbackResult>(
        INTEGRATIONS_SUBJECTS.completeConnect,
        { platform, code, state, error, errorDescription },
        caller,
        META_CALLS_TIMEOUT_MS,
      );
      location = `/dashboard?connected=${result.platform}`;
    } catch (failure) {
      location = `/setup/${encodeURIComponent(platform)}?error=${encodeURIComponent(this.reasonOf(failure))}`;
    }
    await reply.redirect(location, 302);
  }

  @Get('social-integrations')
  @UseGuards(SessionGuard)
  integrations(@Caller() caller: CallerInfo): Promise<SocialIntegrationResponse[]> {
    return this.services.send(INTEGRATIONS_SUBJECTS.listIntegrations, {}, caller);
  }

  /** The social panel's name for the same list. */
  @Get('social-media/integrations')
  @UseGuards(SessionGuard)
  socialMediaIntegrations(@Caller() caller: CallerInfo): Promise<SocialIntegrationResponse[]> {
    return this.services.send(INTEGRATIONS_SUBJECTS.listIntegrations, {}, caller);
  }

  @Delete('social-integrations/:platform')
  @UseGuards(SessionGuard)
  disconnect(
    @Param('platform') platform: string,
    @Caller() caller: CallerInfo,
  ): Promise<{ platform: MetaChannel }> {
    return this.services.send(INTEGRATIONS_SUBJECTS.disconnect, { platform }, caller, META_CALLS_TIMEOUT_MS);
  }

  /** A refusal's own words (a 4xx: forged state, Meta's refusal, …); ours for anything else. */
  private reasonOf(failure: unknown): string {
    if (failure instanceof DomainException && httpStatusOf(failure.code) < 500) return failure.message;
    this.logger.warn(
      `a connection could not be completed: ${failure instanceof Error ? failure.message : String(failure)}`,
    );
    return OUR_FAILURE;
  }
}
