import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { MESSAGING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { requireActor } from '@parley/server-kit';
import { CustomersService } from './customers.service';

/** Who moved a customer and why, undoing the AI's moves, and its suggestions (issue 34, point 7). */
@Controller()
export class StageHistoryController {
  constructor(
    private readonly orm: MikroORM,
    private readonly customers: CustomersService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.stageHistory)
  @CreateRequestContext()
  history(@Payload() req: RpcRequest<{ customerId?: unknown }>) {
    return this.customers.stageHistory(requireActor(req).workspaceId, String(req.data?.customerId ?? ''));
  }

  @MessagePattern(MESSAGING_SUBJECTS.undoStageChange)
  @CreateRequestContext()
  undo(@Payload() req: RpcRequest<{ customerId?: unknown; changeId?: unknown }>) {
    const actor = requireActor(req);
    return this.customers.undoStageChange(
      actor.workspaceId,
      String(req.data?.customerId ?? ''),
      String(req.data?.changeId ?? ''),
      actor.userId,
    );
  }

  @MessagePattern(MESSAGING_SUBJECTS.listStageSuggestions)
  @CreateRequestContext()
  suggestions(@Payload() req: RpcRequest) {
    return this.customers.stageSuggestions(requireActor(req).workspaceId);
  }

  @MessagePattern(MESSAGING_SUBJECTS.acceptStageSuggestion)
  @CreateRequestContext()
  accept(@Payload() req: RpcRequest<{ customerId?: unknown }>) {
    const actor = requireActor(req);
    return this.customers.acceptStageSuggestion(
      actor.workspaceId,
      String(req.data?.customerId ?? ''),
      actor.userId,
    );
  }

  @MessagePattern(MESSAGING_SUBJECTS.dismissStageSuggestion)
  @CreateRequestContext()
  dismiss(@Payload() req: RpcRequest<{ customerId?: unknown }>) {
    return this.customers.dismissStageSuggestion(
      requireActor(req).workspaceId,
      String(req.data?.customerId ?? ''),
    );
  }
}
