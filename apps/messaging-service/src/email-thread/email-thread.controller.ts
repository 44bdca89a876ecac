import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { MESSAGING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { EmailInThreadDto } from './email-in-thread.dto';
import { EmailThreadService } from './email-thread.service';

/** marketing-service's mails to customers' subscribers (no HTTP route leads here). */
@Controller()
export class EmailThreadController {
  constructor(
    private readonly orm: MikroORM,
    private readonly emails: EmailThreadService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.recordEmail)
  @CreateRequestContext()
  record(@Payload() req: RpcRequest) {
    return this.emails.record(requireActor(req).workspaceId, parsePayload(EmailInThreadDto, req.data));
  }
}
