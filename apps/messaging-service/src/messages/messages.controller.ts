import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  DomainException,
  ErrorCode,
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
    return this.messages.ingest(requireActor(req).workspaceId, parsePayload(IngestMessageDto, req.data));
  }

  /** Answers the page as bytes (pageReply): a JSON array, the next cursor in a header. */
  @MessagePattern(MESSAGING_SUBJECTS.listMessages)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.messages
      .list(requireActor(req).workspaceId, parsePayload(ListMessagesQueryDto, req.data))
      .then(pageReply);
  }

  @MessagePattern(MESSAGING_SUBJECTS.replyToCustomer)
  @CreateRequestContext()
  reply(@Payload() req: RpcRequest) {
    const { data, clientKey } = withClientKey(req.data);
    return this.messages.reply(requireActor(req), parsePayload(ReplyMessageDto, data), clientKey);
  }

  @MessagePattern(MESSAGING_SUBJECTS.sendToRecipient)
  @CreateRequestContext()
  send(@Payload() req: RpcRequest) {
    const { data, clientKey } = withClientKey(req.data);
    return this.messages.sendToRecipient(
      requireActor(req),
      parsePayload(SendMessageDto, data),
      clientKey,
    );
  }

  @MessagePattern(MESSAGING_SUBJECTS.listTemplates)
  @CreateRequestContext()
  templates(@Payload() req: RpcRequest<{ customerId?: unknown }>) {
    return this.messages.templates(requireActor(req).workspaceId, String(req.data?.customerId ?? ''));
  }

  @MessagePattern(MESSAGING_SUBJECTS.sendTemplate)
  @CreateRequestContext()
  sendTemplate(@Payload() req: RpcRequest<{ customerId?: unknown; template?: unknown }>) {
    const { customerId, template } = req.data ?? {};
    return this.messages.sendTemplate(
      requireActor(req),
      String(customerId ?? ''),
      parsePayload(SendTemplateDto, template),
    );
  }
}

/**
 * The gateway adds the request's Idempotency-Key to a reply's payload as `clientKey`; the rest is the DTO.
 */
function withClientKey(payload: unknown): { data: unknown; clientKey?: string } {
  if (typeof payload !== 'object' || payload === null || !('clientKey' in payload)) return { data: payload };
  const { clientKey, ...data } = payload as { clientKey: unknown };
  if (typeof clientKey !== 'string' || clientKey.length === 0 || clientKey.length > 200) {
    throw new DomainException(
      ErrorCode.ValidationFailed,
      'Idempotency-Key must be 1 to 200 printable ASCII characters',
      {
        field: 'Idempotency-Key',
      },
    );
  }
  return { data, clientKey };
}
