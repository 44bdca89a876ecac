import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  EMAIL_SUBJECTS,
  EmailTemplateDto,
  ListEmailQueryDto,
  type RpcRequest,
  UpdateEmailTemplateDto,
} from '@parley/contracts';
import { pageReply, parsePayload, requireActor } from '@parley/server-kit';
import type { ById } from '../shared/by-id';
import { EmailTemplatesService } from './email-templates.service';

const S = EMAIL_SUBJECTS.templates;

/** One line per handler; @CreateRequestContext() forks the EntityManager for each message (it finds `this.orm`). */
@Controller()
export class EmailTemplatesController {
  constructor(
    private readonly orm: MikroORM,
    private readonly templates: EmailTemplatesService,
  ) {}

  @MessagePattern(S.list)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.templates
      .list(requireActor(req).workspaceId, parsePayload(ListEmailQueryDto, req.data ?? {}))
      .then(pageReply);
  }

  @MessagePattern(S.create)
  @CreateRequestContext()
  create(@Payload() req: RpcRequest) {
    return this.templates.create(requireActor(req).workspaceId, parsePayload(EmailTemplateDto, req.data));
  }

  @MessagePattern(S.update)
  @CreateRequestContext()
  update(@Payload() req: ById) {
    const ownerId = requireActor(req).workspaceId;
    return this.templates.update(ownerId, req.data?.id, parsePayload(UpdateEmailTemplateDto, req.data?.changes ?? {}));
  }

  @MessagePattern(S.delete)
  @CreateRequestContext()
  delete(@Payload() req: ById) {
    return this.templates.delete(requireActor(req).workspaceId, req.data?.id);
  }
}
