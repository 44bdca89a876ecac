import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { type RpcRequest, USAGE_SUBJECTS } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { ConsumeUsageDto } from './consume-usage.dto';
import { UsageService } from './usage.service';

@Controller()
export class UsageController {
  constructor(
    private readonly orm: MikroORM,
    private readonly usage: UsageService,
  ) {}

  @MessagePattern(USAGE_SUBJECTS.get)
  @CreateRequestContext()
  get(@Payload() req: RpcRequest) {
    return this.usage.get(requireActor(req).workspaceId);
  }

  @MessagePattern(USAGE_SUBJECTS.consume)
  @CreateRequestContext()
  consume(@Payload() req: RpcRequest) {
    return this.usage.consume(requireActor(req).workspaceId, parsePayload(ConsumeUsageDto, req.data).key);
  }
}
