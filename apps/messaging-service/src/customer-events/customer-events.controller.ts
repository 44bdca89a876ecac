import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { MESSAGING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload } from '@parley/server-kit';
import { AckCustomerEventsDto, LeaseCustomerEventsDto } from './customer-events.dto';
import { CustomerEventsQueries } from './customer-events.queries';

/**
 * The customer events log for other services (marketing-service's sequences; docs/email.md, "Sequences"):
 * every owner's, so no actor, and no HTTP route leads here.
 */
@Controller()
export class CustomerEventsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly queries: CustomerEventsQueries,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.leaseCustomerEvents)
  @CreateRequestContext()
  lease(@Payload() req: RpcRequest) {
    const { limit, leaseSeconds } = parsePayload(LeaseCustomerEventsDto, req.data ?? {});
    return this.queries.lease(limit, leaseSeconds);
  }

  @MessagePattern(MESSAGING_SUBJECTS.ackCustomerEvents)
  @CreateRequestContext()
  async ack(@Payload() req: RpcRequest) {
    return { deleted: await this.queries.ack(parsePayload(AckCustomerEventsDto, req.data).ids) };
  }
}
