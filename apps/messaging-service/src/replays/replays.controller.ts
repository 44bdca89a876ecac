import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { CreateReplayDto, MESSAGING_SUBJECTS, type RpcRequest, SaveTestCaseDto } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { ReplaysService } from './replays.service';

type ById = RpcRequest<{ id?: unknown }>;

@Controller()
export class ReplaysController {
  constructor(
    private readonly orm: MikroORM,
    private readonly replays: ReplaysService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.createReplay)
  @CreateRequestContext()
  create(@Payload() req: RpcRequest) {
    return this.replays.create(requireActor(req).workspaceId, parsePayload(CreateReplayDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.getReplay)
  @CreateRequestContext()
  get(@Payload() req: ById) {
    return this.replays.get(requireActor(req).workspaceId, String(req.data?.id ?? ''));
  }

  @MessagePattern(MESSAGING_SUBJECTS.listTestCases)
  @CreateRequestContext()
  listTestCases(@Payload() req: RpcRequest) {
    return this.replays.listTestCases(requireActor(req).workspaceId);
  }

  @MessagePattern(MESSAGING_SUBJECTS.saveTestCase)
  @CreateRequestContext()
  saveTestCase(@Payload() req: RpcRequest) {
    return this.replays.saveTestCase(requireActor(req).workspaceId, parsePayload(SaveTestCaseDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.deleteTestCase)
  @CreateRequestContext()
  deleteTestCase(@Payload() req: ById) {
    return this.replays.deleteTestCase(requireActor(req).workspaceId, String(req.data?.id ?? ''));
  }
}
