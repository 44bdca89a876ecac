import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { BILLING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { requireActor } from '@parley/server-kit';
import { BillingService } from './billing.service';

@Controller()
export class BillingController {
  constructor(
    private readonly orm: MikroORM,
    private readonly billing: BillingService,
  ) {}

  @MessagePattern(BILLING_SUBJECTS.listPlans)
  @CreateRequestContext()
  plans(@Payload() req: RpcRequest) {
    return this.billing.plans(requireActor(req).workspaceId);
  }

  @MessagePattern(BILLING_SUBJECTS.listPackages)
  @CreateRequestContext()
  packages(@Payload() req: RpcRequest) {
    return this.billing.packages(requireActor(req).workspaceId);
  }

  @MessagePattern(BILLING_SUBJECTS.activateFree)
  @CreateRequestContext()
  activateFree(@Payload() req: RpcRequest) {
    const actor = requireActor(req);
    return this.billing.activateFree(actor.workspaceId, actor.userId);
  }

  @MessagePattern(BILLING_SUBJECTS.overview)
  @CreateRequestContext()
  overview(@Payload() req: RpcRequest) {
    return this.billing.overview(requireActor(req).workspaceId);
  }
}
