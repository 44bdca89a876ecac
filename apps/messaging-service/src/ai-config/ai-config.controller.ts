import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { AiConfigDto, MESSAGING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { AiConfigService } from './ai-config.service';

@Controller()
export class AiConfigController {
  constructor(
    private readonly orm: MikroORM,
    private readonly aiConfig: AiConfigService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.getAiConfig)
  @CreateRequestContext()
  get(@Payload() req: RpcRequest) {
    return this.aiConfig.get(requireActor(req).workspaceId);
  }

  @MessagePattern(MESSAGING_SUBJECTS.saveAiConfig)
  @CreateRequestContext()
  save(@Payload() req: RpcRequest) {
    const actor = requireActor(req);
    return this.aiConfig.save(actor.workspaceId, parsePayload(AiConfigDto, req.data), actor.userId);
  }
}
