import { Controller, Get, UseGuards } from '@nestjs/common';
import { type Caller as CallerInfo, USAGE_SUBJECTS, type UsageResponse } from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { SessionGuard } from '../auth/session.guard';
import { Caller } from '../rpc/caller.decorator';

/** The signed-in owner's plan usage, from billing-service. */
@Controller('api')
@UseGuards(SessionGuard)
export class BillingController {
  constructor(private readonly services: ServiceClient) {}

  @Get('usage')
  usage(@Caller() caller: CallerInfo): Promise<UsageResponse> {
    return this.services.send(USAGE_SUBJECTS.get, {}, caller);
  }
}
