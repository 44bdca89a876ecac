import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { AUDIT_SUBJECTS, AuditQueryDto, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireAuditReader } from '@parley/server-kit';
import { AuditService } from './audit.service';

/** GET /api/audit: the merged page (auth-service's own entries are read from its database, not asked). */
@Controller()
export class AuditController {
  constructor(
    private readonly orm: MikroORM,
    private readonly audit: AuditService,
  ) {}

  @MessagePattern(AUDIT_SUBJECTS.list)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.audit.list(requireAuditReader(req), parsePayload(AuditQueryDto, req.data ?? {}));
  }
}
