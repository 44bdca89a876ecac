import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { AUTH_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { UsageWarningMailDto } from './usage-warning-mail.dto';
import { UsageWarningsService } from './usage-warnings.service';

/** billing-service's usage warnings, mailed to the owner (no HTTP route leads here). */
@Controller()
export class UsageWarningsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly warnings: UsageWarningsService,
  ) {}

  @MessagePattern(AUTH_SUBJECTS.sendUsageWarning)
  @CreateRequestContext()
  send(@Payload() req: RpcRequest) {
    return this.warnings.send(requireActor(req).workspaceId, parsePayload(UsageWarningMailDto, req.data));
  }
}
