import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { MESSAGING_SUBJECTS, type RpcRequest, StatsQueryDto } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { StatsService } from './stats.service';

@Controller()
export class StatsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly stats: StatsService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.getStats)
  @CreateRequestContext()
  get(@Payload() req: RpcRequest) {
    return this.stats.get(requireActor(req).workspaceId, parsePayload(StatsQueryDto, req.data ?? {}));
  }
}
