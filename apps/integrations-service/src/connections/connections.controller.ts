import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { INTEGRATIONS_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { ConnectionsService } from './connections.service';
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
    return this.connections.connectUrl(
      requireActor(req).userId,
      parsePayload(PlatformDto, req.data).platform,
    );
  }

  /** No actor: Meta's redirect carries no session; the owner comes from the signed state. */
  @MessagePattern(INTEGRATIONS_SUBJECTS.completeConnect)
  @CreateRequestContext()
  complete(@Payload() req: RpcRequest) {
    return this.connections.completeConnect(parsePayload(OAuthCallbackDto, req.data));
  }

  @MessagePattern(INTEGRATIONS_SUBJECTS.listIntegrations)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.connections.list(requireActor(req).userId);
  }

  @MessagePattern(INTEGRATIONS_SUBJECTS.disconnect)
  @CreateRequestContext()
  disconnect(@Payload() req: RpcRequest) {
    return this.connections.disconnect(
      requireActor(req).userId,
      parsePayload(PlatformDto, req.data).platform,
    );
  }
}
