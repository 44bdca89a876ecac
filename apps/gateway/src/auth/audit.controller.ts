import { Controller, Get, Query, UseGuards } from '@nestjs/common';
import { AUDIT_SUBJECTS, type AuditPage, AuditQueryDto, type Caller as CallerInfo } from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { Caller } from '../rpc/caller.decorator';
import { MANAGERS, Roles } from './roles';
import { SessionGuard } from './session.guard';

/** GET /api/audit: who changed what in the workspace (docs/teams.md, "Audit log"); auth-service merges it. */
@Controller('api/audit')
@UseGuards(SessionGuard)
export class AuditController {
  constructor(private readonly services: ServiceClient) {}

  @Roles(...MANAGERS)
  @Get()
  list(@Query() query: AuditQueryDto, @Caller() caller: CallerInfo): Promise<AuditPage> {
    return this.services.send(AUDIT_SUBJECTS.list, query, caller);
  }
}
