import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  ListMessagesQueryDto,
  MESSAGING_SUBJECTS,
  ReplyMessageDto,
  type RpcRequest,
  SendMessageDto,
  SendTemplateDto,
} from '@parley/contracts';
import { pageReply, parsePayload, requireActor } from '@parley/server-kit';
import { IngestMessageDto } from './ingest-message.dto';
import { MessagesService } from './messages.service';

@Controller()
export class MessagesController {
  constructor(
    private readonly orm: MikroORM,
    private readonly messages: MessagesService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.ingestMessage)
  @CreateRequestContext()
  ingest(@Payload() req: RpcRequest) {
    return this.messages.ingest(requireActor(req).userId, parsePayload(IngestMessageDto, req.data));
  }

  /** Answers the page as bytes (pageReply): a JSON array, the next cursor in a header. */
  @MessagePattern(MESSAGING_SUBJECTS.listMessages)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.messages
      .list(requireActor(req).userId, parsePayload(ListMessagesQueryDto, req.data))
      .then(pageReply);
  }

  @MessagePattern(MESSAGING_SUBJECTS.replyToCustomer)
  @CreateRequestContext()
  reply(@Payload() req: RpcRequest) {
    return this.messages.reply(requireActor(req).userId, parsePayload(ReplyMessageDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.sendToRecipient)
  @CreateRequestContext()
  send(@Payload() req: RpcRequest) {
    return this.messages.sendToRecipient(requireActor(req).userId, parsePayload(SendMessageDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.listTemplates)
  @CreateRequestContext()
  templates(@Payload() req: RpcRequest<{ customerId?: unknown }>) {
    return this.messages.templates(requireActor(req).userId, String(req.data?.customerId ?? ''));
  }

  @MessagePattern(MESSAGING_SUBJECTS.sendTemplate)
  @CreateRequestContext()
  sendTemplate(@Payload() req: RpcRequest<{ customerId?: unknown; template?: unknown }>) {
    const { customerId, template } = req.data ?? {};
    return this.messages.sendTemplate(
      requireActor(req).userId,
      String(customerId ?? ''),
      parsePayload(SendTemplateDto, template),
    );
  }
}
