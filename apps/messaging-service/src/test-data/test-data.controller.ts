import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { MESSAGING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { requireActor } from '@parley/server-kit';
import { TestDataService } from './test-data.service';

@Controller()
export class TestDataController {
  constructor(
    private readonly orm: MikroORM,
    private readonly testData: TestDataService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.deleteTestData)
  @CreateRequestContext()
  delete(@Payload() req: RpcRequest) {
    return this.testData.delete(requireActor(req).workspaceId);
  }
}
