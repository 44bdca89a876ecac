import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  CampaignDto,
  EMAIL_SUBJECTS,
  EmailAudienceQueryDto,
  ListEmailQueryDto,
  type RpcRequest,
  TestCampaignDto,
  UpdateCampaignDto,
} from '@parley/contracts';
import { pageReply, parsePayload, requireActor } from '@parley/server-kit';
import type { ById } from '../shared/by-id';
import { CampaignSendingService } from '../sending/campaign-sending.service';
import { CampaignsService } from './campaigns.service';

const S = EMAIL_SUBJECTS.campaigns;

/** One line per handler; @CreateRequestContext() forks the EntityManager for each message (it finds `this.orm`). */
@Controller()
export class CampaignsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly campaigns: CampaignsService,
    private readonly sending: CampaignSendingService,
  ) {}

  @MessagePattern(S.list)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.campaigns
      .list(requireActor(req).workspaceId, parsePayload(ListEmailQueryDto, req.data ?? {}))
      .then(pageReply);
  }

  @MessagePattern(S.create)
  @CreateRequestContext()
  create(@Payload() req: RpcRequest) {
    return this.campaigns.create(requireActor(req).workspaceId, parsePayload(CampaignDto, req.data));
  }

  @MessagePattern(S.update)
  @CreateRequestContext()
  update(@Payload() req: ById) {
    const ownerId = requireActor(req).workspaceId;
    return this.campaigns.update(ownerId, req.data?.id, parsePayload(UpdateCampaignDto, req.data?.changes ?? {}));
  }

  @MessagePattern(S.delete)
  @CreateRequestContext()
  delete(@Payload() req: ById) {
    return this.campaigns.delete(requireActor(req).workspaceId, req.data?.id);
  }

  @MessagePattern(S.send)
  @CreateRequestContext()
  send(@Payload() req: ById) {
    return this.sending.send(requireActor(req).workspaceId, req.data?.id);
  }

  @MessagePattern(S.pause)
  @CreateRequestContext()
  pause(@Payload() req: ById) {
    return this.sending.pause(requireActor(req).workspaceId, req.data?.id);
  }

  @MessagePattern(S.resume)
  @CreateRequestContext()
  resume(@Payload() req: ById) {
    return this.sending.resume(requireActor(req).workspaceId, req.data?.id);
  }

  @MessagePattern(S.test)
  @CreateRequestContext()
  test(@Payload() req: ById) {
    const ownerId = requireActor(req).workspaceId;
    return this.sending.test(ownerId, req.data?.id, parsePayload(TestCampaignDto, req.data?.changes ?? {}));
  }

  @MessagePattern(S.results)
  @CreateRequestContext()
  results(@Payload() req: ById) {
    return this.campaigns.results(requireActor(req).workspaceId, req.data?.id);
  }

  @MessagePattern(EMAIL_SUBJECTS.audience)
  @CreateRequestContext()
  audience(@Payload() req: RpcRequest) {
    return this.campaigns.audience(requireActor(req).workspaceId, parsePayload(EmailAudienceQueryDto, req.data ?? {}));
  }

  @MessagePattern(EMAIL_SUBJECTS.summary)
  @CreateRequestContext()
  summary(@Payload() req: RpcRequest) {
    return this.campaigns.summary(requireActor(req).workspaceId);
  }
}
