import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { INTEGRATIONS_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { ConnectionsService } from './connections.service';
import { ConnectUrlDto } from './connect-url.dto';
import { OAuthCallbackDto } from './oauth-callback.dto';
import { PlatformDto } from './platform.dto';

@Controller()
export class ConnectionsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly connections: ConnectionsService,
  ) {}

  @MessagePattern(INTEGRATIONS_SUBJECTS.connectUrl)
  @CreateRequestContext()
  connectUrl(@Payload() req: RpcRequest) {
    const ownerId = requireActor(req).workspaceId;
    const { platform, binding } = parsePayload(ConnectUrlDto, req.data);
    return this.connections.connectUrl(ownerId, platform, binding);
  }

  /**
   * The actor is whoever the callback's session belongs to, if anyone: the state says whose it must be
   * (OAuthStates.redeem), so no actor is required here.
   */
  @MessagePattern(INTEGRATIONS_SUBJECTS.completeConnect)
  @CreateRequestContext()
  complete(@Payload() req: RpcRequest) {
    const callback = parsePayload(OAuthCallbackDto, req.data);
    return this.connections.completeConnect(callback, {
      ownerId: req.actor?.workspaceId,
      userId: req.actor?.userId,
      binding: callback.binding,
    });
  }

  @MessagePattern(INTEGRATIONS_SUBJECTS.listIntegrations)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.connections.list(requireActor(req).workspaceId);
  }

  @MessagePattern(INTEGRATIONS_SUBJECTS.disconnect)
  @CreateRequestContext()
  disconnect(@Payload() req: RpcRequest) {
    const actor = requireActor(req);
    return this.connections.disconnect(
      actor.workspaceId,
      parsePayload(PlatformDto, req.data).platform,
      actor.userId,
    );
  }
}
