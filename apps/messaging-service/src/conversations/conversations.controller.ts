import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  ListConversationsQueryDto,
  MESSAGING_SUBJECTS,
  type RpcRequest,
  UpdateConversationDto,
} from '@parley/contracts';
import { pageReply, parsePayload, requireActor } from '@parley/server-kit';
import { ConversationsService } from './conversations.service';

@Controller()
export class ConversationsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly conversations: ConversationsService,
  ) {}

  /** Answers the page as bytes (pageReply): a JSON array, the next cursor in a header. */
  @MessagePattern(MESSAGING_SUBJECTS.listConversations)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.conversations
      .list(requireActor(req), parsePayload(ListConversationsQueryDto, req.data))
      .then(pageReply);
  }

  @MessagePattern(MESSAGING_SUBJECTS.getConversation)
  @CreateRequestContext()
  get(@Payload() req: RpcRequest<{ customerId?: unknown }>) {
    return this.conversations.get(requireActor(req).workspaceId, String(req.data?.customerId ?? ''));
  }

  @MessagePattern(MESSAGING_SUBJECTS.unassignMember)
  @CreateRequestContext()
  unassignMember(@Payload() req: RpcRequest<{ userId?: unknown }>) {
    return this.conversations.unassignMember(requireActor(req), String(req.data?.userId ?? ''));
  }

  @MessagePattern(MESSAGING_SUBJECTS.updateConversation)
  @CreateRequestContext()
  update(@Payload() req: RpcRequest<{ customerId?: unknown; changes?: unknown }>) {
    const { customerId, changes } = req.data ?? {};
    return this.conversations.update(
      requireActor(req),
      String(customerId ?? ''),
      parsePayload(UpdateConversationDto, changes),
    );
  }
}
