import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  EMAIL_SUBJECTS,
  EmailSequenceDto,
  ListEmailQueryDto,
  type RpcRequest,
  UpdateEmailSequenceDto,
} from '@parley/contracts';
import { pageReply, parsePayload, requireActor } from '@parley/server-kit';
import type { ById } from '../shared/by-id';
import { EmailSequencesService } from './email-sequences.service';

const S = EMAIL_SUBJECTS.sequences;

/** One line per handler; @CreateRequestContext() forks the EntityManager for each message (it finds `this.orm`). */
@Controller()
export class EmailSequencesController {
  constructor(
    private readonly orm: MikroORM,
    private readonly sequences: EmailSequencesService,
  ) {}

  @MessagePattern(S.list)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.sequences
      .list(requireActor(req).workspaceId, parsePayload(ListEmailQueryDto, req.data ?? {}))
      .then(pageReply);
  }

  @MessagePattern(S.create)
  @CreateRequestContext()
  create(@Payload() req: RpcRequest) {
    return this.sequences.create(requireActor(req).workspaceId, parsePayload(EmailSequenceDto, req.data));
  }

  @MessagePattern(S.update)
  @CreateRequestContext()
  update(@Payload() req: ById) {
    const ownerId = requireActor(req).workspaceId;
    return this.sequences.update(
      ownerId,
      req.data?.id,
      parsePayload(UpdateEmailSequenceDto, req.data?.changes ?? {}),
    );
  }

  @MessagePattern(S.delete)
  @CreateRequestContext()
  delete(@Payload() req: ById) {
    return this.sequences.delete(requireActor(req).workspaceId, req.data?.id);
  }
}
