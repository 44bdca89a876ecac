import { Controller, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  BILLING_SUBJECTS,
  type BillingOverviewResponse,
  type Caller as CallerInfo,
  type PlanResponse,
  USAGE_SUBJECTS,
  type UsagePackageResponse,
  type UsageResponse,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { SessionGuard } from '../auth/session.guard';
import { Caller } from '../rpc/caller.decorator';
import { ANY_MEMBER, OWNER, Roles } from '../auth/roles';

/** The signed-in owner's plan, usage, catalogue and purchases, from billing-service. */
@Controller('api')
@UseGuards(SessionGuard)
export class BillingController {
  constructor(private readonly services: ServiceClient) {}

  @Roles(...ANY_MEMBER)
  @Get('usage')
  usage(@Caller() caller: CallerInfo): Promise<UsageResponse> {
    return this.services.send(USAGE_SUBJECTS.get, {}, caller);
  }

  /** The refills on sale, in order, with this owner's payment links. */
  @Roles(...OWNER)
  @Get('packages')
  packages(@Caller() caller: CallerInfo): Promise<UsagePackageResponse[]> {
    return this.services.send(BILLING_SUBJECTS.listPackages, {}, caller);
  }

  /** The plan catalogue as the server enforces it, with this owner's payment links. */
  @Roles(...OWNER)
  @Get('plans')
  plans(@Caller() caller: CallerInfo): Promise<PlanResponse[]> {
    return this.services.send(BILLING_SUBJECTS.listPlans, {}, caller);
  }

  /** Free at once, no payment; 409 while a paid plan runs. */
  @Roles(...OWNER)
  @Post('billing/free')
  @HttpCode(200)
  activateFree(@Caller() caller: CallerInfo): Promise<UsageResponse> {
    return this.services.send(BILLING_SUBJECTS.activateFree, {}, caller);
  }

  /** The current plan, period, allowance and the latest purchases. */
  @Roles(...OWNER)
  @Get('billing')
  overview(@Caller() caller: CallerInfo): Promise<BillingOverviewResponse> {
    return this.services.send(BILLING_SUBJECTS.overview, {}, caller);
  }
}
