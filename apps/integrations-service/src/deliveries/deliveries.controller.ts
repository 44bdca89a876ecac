import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { INTEGRATIONS_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { DeliveriesService } from './deliveries.service';
import { EnqueueDeliveryDto } from './enqueue-delivery.dto';

@Controller()
export class DeliveriesController {
  constructor(private readonly deliveries: DeliveriesService) {}

  @MessagePattern(INTEGRATIONS_SUBJECTS.enqueueDelivery)
  enqueue(@Payload() req: RpcRequest) {
    return this.deliveries.enqueue(requireActor(req).workspaceId, parsePayload(EnqueueDeliveryDto, req.data));
  }
}
