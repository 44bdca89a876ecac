import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { MESSAGING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { requireActor } from '@parley/server-kit';
import { TrainingDocumentsService } from './training-documents.service';

@Controller()
export class TrainingDocumentsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly documents: TrainingDocumentsService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.listTrainingDocuments)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.documents.list(requireActor(req).workspaceId);
  }

  @MessagePattern(MESSAGING_SUBJECTS.uploadTrainingDocument)
  @CreateRequestContext()
  upload(@Payload() req: RpcRequest) {
    const actor = requireActor(req);
    return this.documents.upload(actor.workspaceId, req.data, actor.userId);
  }

  @MessagePattern(MESSAGING_SUBJECTS.deleteTrainingDocument)
  @CreateRequestContext()
  delete(@Payload() req: RpcRequest<{ id?: unknown }>) {
    const actor = requireActor(req);
    return this.documents.delete(actor.workspaceId, String(req.data?.id ?? ''), actor.userId);
  }
}
