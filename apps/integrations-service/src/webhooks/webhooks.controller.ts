import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { INTEGRATIONS_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { WebhookReceiver } from './webhook-receiver';

/** Meta's webhook, as the gateway passes it on (no actor: Meta is not signed in, the signature vouches). */
@Controller()
export class WebhooksController {
  constructor(private readonly receiver: WebhookReceiver) {}

  @MessagePattern(INTEGRATIONS_SUBJECTS.verifyMetaWebhook)
  verify(@Payload() req: RpcRequest) {
    return this.receiver.verify(req.data);
  }

  @MessagePattern(INTEGRATIONS_SUBJECTS.receiveMetaWebhook)
  receive(@Payload() req: RpcRequest) {
    return this.receiver.receive(req.data);
  }
}
