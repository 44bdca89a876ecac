import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  EMAIL_SUBJECTS,
  type EmailUnsubscribeRequest,
  SubscriberDto,
  ListEmailQueryDto,
  type RpcRequest,
  type SubscriberImportRequest,
  UpdateSubscriberDto,
} from '@parley/contracts';
import { pageReply, parsePayload, requireActor } from '@parley/server-kit';
import type { ById } from '../shared/by-id';
import { SubscriberImportService } from './import/subscriber-import.service';
import { SubscribersService } from './subscribers.service';

const S = EMAIL_SUBJECTS.subscribers;

/** One line per handler; @CreateRequestContext() forks the EntityManager for each message (it finds `this.orm`). */
@Controller()
export class SubscribersController {
  constructor(
    private readonly orm: MikroORM,
    private readonly subscribers: SubscribersService,
    private readonly imports: SubscriberImportService,
  ) {}

  @MessagePattern(S.list)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.subscribers
      .list(requireActor(req).workspaceId, parsePayload(ListEmailQueryDto, req.data ?? {}))
      .then(pageReply);
  }

  @MessagePattern(S.create)
  @CreateRequestContext()
  create(@Payload() req: RpcRequest) {
    return this.subscribers.create(requireActor(req).workspaceId, parsePayload(SubscriberDto, req.data));
  }

  @MessagePattern(S.update)
  @CreateRequestContext()
  update(@Payload() req: ById) {
    const ownerId = requireActor(req).workspaceId;
    return this.subscribers.update(ownerId, req.data?.id, parsePayload(UpdateSubscriberDto, req.data?.changes ?? {}));
  }

  /** No actor: the gateway verified the link's signature (see EMAIL_SUBJECTS.unsubscribe). */
  @MessagePattern(EMAIL_SUBJECTS.unsubscribe)
  @CreateRequestContext()
  unsubscribe(@Payload() req: RpcRequest<Partial<EmailUnsubscribeRequest> | undefined>) {
    return this.subscribers.unsubscribe(req.data);
  }

  @MessagePattern(S.import)
  @CreateRequestContext()
  import(@Payload() req: RpcRequest<Partial<SubscriberImportRequest> | undefined>) {
    return this.imports.import(requireActor(req).workspaceId, req.data);
  }

  @MessagePattern(S.delete)
  @CreateRequestContext()
  delete(@Payload() req: ById) {
    return this.subscribers.delete(requireActor(req).workspaceId, req.data?.id);
  }
}
