import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  KnowledgeItemDto,
  ListKnowledgeQueryDto,
  MESSAGING_SUBJECTS,
  type RpcRequest,
  UpdateKnowledgeItemDto,
} from '@parley/contracts';
import { pageReply, parsePayload, requireActor } from '@parley/server-kit';
import { KnowledgeService } from './knowledge.service';

type ById = RpcRequest<{ id?: unknown; changes?: unknown }>;

@Controller()
export class KnowledgeController {
  constructor(
    private readonly orm: MikroORM,
    private readonly knowledge: KnowledgeService,
  ) {}

  /** Answers the page as bytes (pageReply): a JSON array, the next cursor in a header. */
  @MessagePattern(MESSAGING_SUBJECTS.listKnowledge)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.knowledge
      .list(requireActor(req).workspaceId, parsePayload(ListKnowledgeQueryDto, req.data ?? {}))
      .then(pageReply);
  }

  /** `{}` → the price conflicts of the owner's active items (beyond the spec; AI Training lists them). */
  @MessagePattern(MESSAGING_SUBJECTS.knowledgeConflicts)
  @CreateRequestContext()
  conflicts(@Payload() req: RpcRequest) {
    return this.knowledge.conflicts(requireActor(req).workspaceId);
  }

  @MessagePattern(MESSAGING_SUBJECTS.createKnowledge)
  @CreateRequestContext()
  create(@Payload() req: RpcRequest) {
    const actor = requireActor(req);
    return this.knowledge.create(actor.workspaceId, parsePayload(KnowledgeItemDto, req.data), actor.userId);
  }

  @MessagePattern(MESSAGING_SUBJECTS.updateKnowledge)
  @CreateRequestContext()
  update(@Payload() req: ById) {
    const { id, changes } = req.data ?? {};
    const actor = requireActor(req);
    return this.knowledge.update(
      actor.workspaceId,
      String(id ?? ''),
      parsePayload(UpdateKnowledgeItemDto, changes ?? {}),
      actor.userId,
    );
  }

  @MessagePattern(MESSAGING_SUBJECTS.deleteKnowledge)
  @CreateRequestContext()
  delete(@Payload() req: ById) {
    const actor = requireActor(req);
    return this.knowledge.delete(actor.workspaceId, String(req.data?.id ?? ''), actor.userId);
  }
}
