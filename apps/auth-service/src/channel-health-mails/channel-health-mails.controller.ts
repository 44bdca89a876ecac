import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { AUTH_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { ChannelHealthMailDto } from './channel-health-mail.dto';
import { ChannelHealthMailsService } from './channel-health-mails.service';

/** integrations-service's degraded channels, mailed to the owner (no HTTP route leads here). */
@Controller()
export class ChannelHealthMailsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly mails: ChannelHealthMailsService,
  ) {}

  @MessagePattern(AUTH_SUBJECTS.sendChannelHealth)
  @CreateRequestContext()
  send(@Payload() req: RpcRequest) {
    return this.mails.send(requireActor(req).workspaceId, parsePayload(ChannelHealthMailDto, req.data));
  }
}
