import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { MESSAGING_SUBJECTS, ReportQueryDto, type RpcRequest } from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly reports: ReportsService,
  ) {}

  @MessagePattern(MESSAGING_SUBJECTS.reportOverview)
  @CreateRequestContext()
  overview(@Payload() req: RpcRequest) {
    return this.reports.overview(requireActor(req).workspaceId, parsePayload(ReportQueryDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.reportTimeseries)
  @CreateRequestContext()
  timeseries(@Payload() req: RpcRequest) {
    return this.reports.timeseries(requireActor(req).workspaceId, parsePayload(ReportQueryDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.reportFunnel)
  @CreateRequestContext()
  funnel(@Payload() req: RpcRequest) {
    return this.reports.funnel(requireActor(req).workspaceId, parsePayload(ReportQueryDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.reportChannels)
  @CreateRequestContext()
  channels(@Payload() req: RpcRequest) {
    return this.reports.channels(requireActor(req).workspaceId, parsePayload(ReportQueryDto, req.data));
  }

  @MessagePattern(MESSAGING_SUBJECTS.reportExport)
  @CreateRequestContext()
  export(@Payload() req: RpcRequest) {
    return this.reports.export(requireActor(req).workspaceId, parsePayload(ReportQueryDto, req.data));
  }
}
