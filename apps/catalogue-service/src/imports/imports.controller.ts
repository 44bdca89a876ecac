import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PRODUCTS_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { requireActor } from '@parley/server-kit';
import { ImportsService } from './imports.service';

/**
 * Catalogue uploads. No @CreateRequestContext(): the handler only queues the job and waits, and the
 * processor that reaches the database forks its own EntityManager.
 */
@Controller()
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  @MessagePattern(PRODUCTS_SUBJECTS.import)
  import(@Payload() req: RpcRequest) {
    return this.imports.import(requireActor(req).workspaceId, req.data);
  }
}
