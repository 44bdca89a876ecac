import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { BILLING_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { PaymentsService } from './payments.service';

/** The payment webhook as the gateway passes it on (no actor: the signature vouches for the event). */
@Controller()
export class PaymentsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly payments: PaymentsService,
  ) {}

  @MessagePattern(BILLING_SUBJECTS.paymentWebhook)
  @CreateRequestContext()
  receive(@Payload() req: RpcRequest) {
    return this.payments.receive(req.data);
  }
}
