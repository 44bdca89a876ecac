import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { MESSAGING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { ChannelEchoDto, DeliveryStatusDto } from './outbound.dto';
import { OutboundService } from './outbound.service';

/** integrations-service's reports about messages on a channel (no HTTP route leads here). */
@Controller()
export class OutboundController {
  constructor(
    private readonly orm: MikroORM,
    private readonly outbound: OutboundService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.recordEcho)
  @CreateRequestContext()
  echo(@Payload() req: RpcRequest) {
    return this.outbound.recordEcho(requireActor(req).workspaceId, parsePayload(ChannelEchoDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.updateDeliveryStatus)
  @CreateRequestContext()
  status(@Payload() req: RpcRequest) {
    return this.outbound.updateStatus(requireActor(req).workspaceId, parsePayload(DeliveryStatusDto, req.data));
  }
}
