import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { BILLING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { requireActor } from '@parley/server-kit';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly accounts: AccountsService,
  ) {}

  @MessagePattern(BILLING_SUBJECTS.getAccount)
  @CreateRequestContext()
  get(@Payload() req: RpcRequest) {
    return this.accounts.get(requireActor(req).workspaceId);
  }
}
