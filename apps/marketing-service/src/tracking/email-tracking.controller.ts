import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { EMAIL_SUBJECTS, type EmailTrackingRequest, type RpcRequest } from '@parley/contracts';
import { EmailTrackingService } from './email-tracking.service';

type TrackingRequest = RpcRequest<Partial<EmailTrackingRequest> | undefined>;

/** No actor: the gateway verified the pixel's or link's signature (see EMAIL_SUBJECTS.tracking). */
@Controller()
export class EmailTrackingController {
  constructor(
    private readonly orm: MikroORM,
    private readonly tracking: EmailTrackingService,
  ) {}

  @MessagePattern(EMAIL_SUBJECTS.tracking.open)
  @CreateRequestContext()
  open(@Payload() req: TrackingRequest) {
    return this.tracking.open(req.data);
  }

  @MessagePattern(EMAIL_SUBJECTS.tracking.click)
  @CreateRequestContext()
  click(@Payload() req: TrackingRequest) {
    return this.tracking.click(req.data);
  }
}
