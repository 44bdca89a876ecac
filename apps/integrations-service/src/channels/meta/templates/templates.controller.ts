import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { INTEGRATIONS_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { ListTemplatesDto } from './list-templates.dto';
import { TemplatesService } from './templates.service';

@Controller()
export class TemplatesController {
  constructor(
    private readonly orm: MikroORM,
    private readonly templates: TemplatesService,
  ) {}

  @MessagePattern(INTEGRATIONS_SUBJECTS.listTemplates)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.templates.list(requireActor(req).workspaceId, parsePayload(ListTemplatesDto, req.data).pageId);
  }
}
