import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { MESSAGING_SUBJECTS, type RpcRequest, TestAgentDto } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { AgentService } from './agent.service';

@Controller()
export class AgentController {
  constructor(
    private readonly orm: MikroORM,
    private readonly agent: AgentService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.testAgent)
  @CreateRequestContext()
  test(@Payload() req: RpcRequest) {
    return this.agent.test(requireActor(req).workspaceId, parsePayload(TestAgentDto, req.data));
  }
}
