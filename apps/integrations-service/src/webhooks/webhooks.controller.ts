import { Controller } from '@nestjs/common';
import { Ctx, MessagePattern, NatsContext, Payload } from '@nestjs/microservices';
import { INTEGRATIONS_SUBJECTS, type RpcRequest, webhookSource } from '@parley/contracts';
import { WebhookReceiver } from './webhook-receiver';

/**
 * Every channel's webhook, as the gateway passes it on (no actor: the provider is not signed in, the
 * signature vouches). The subject names the channel: `integrations.webhooks.{source}.verify|receive`.
 */
@Controller()
export class WebhooksController {
  constructor(private readonly receiver: WebhookReceiver) {}

  @MessagePattern(INTEGRATIONS_SUBJECTS.verifyWebhook)
  verify(@Payload() req: RpcRequest, @Ctx() context: NatsContext) {
    return this.receiver.verify(sourceOf(context), req.data);
  }

  @MessagePattern(INTEGRATIONS_SUBJECTS.receiveWebhook)
  receive(@Payload() req: RpcRequest, @Ctx() context: NatsContext) {
    return this.receiver.receive(sourceOf(context), req.data);
  }
}

function sourceOf(context: NatsContext): string {
  return webhookSource(context.getSubject()) ?? '';
}
