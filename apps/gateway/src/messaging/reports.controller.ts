import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import { ApiProduces } from '@nestjs/swagger';
import {
  type Caller as CallerInfo,
  MESSAGING_SUBJECTS,
  type ReportChannelsResponse,
  type ReportExport,
  type ReportFunnelResponse,
  type ReportOverviewResponse,
  ReportQueryDto,
  type ReportTimeseriesResponse,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import type { FastifyReply } from 'fastify';
import { SessionGuard } from '../auth/session.guard';
import { Caller } from '../rpc/caller.decorator';
import { MANAGERS, Roles } from '../auth/roles';

/** The signed-in owner's reports (issue 34; docs/reports.md), from messaging-service. */
@Controller('api/reports')
@UseGuards(SessionGuard)
export class ReportsController {
  constructor(private readonly services: ServiceClient) {}

  @Roles(...MANAGERS)
  @Get('overview')
  overview(@Query() query: ReportQueryDto, @Caller() caller: CallerInfo): Promise<ReportOverviewResponse> {
    return this.services.send(MESSAGING_SUBJECTS.reportOverview, query, caller);
  }

  @Roles(...MANAGERS)
  @Get('timeseries')
  timeseries(
    @Query() query: ReportQueryDto,
    @Caller() caller: CallerInfo,
  ): Promise<ReportTimeseriesResponse> {
    return this.services.send(MESSAGING_SUBJECTS.reportTimeseries, query, caller);
  }

  @Roles(...MANAGERS)
  @Get('funnel')
  funnel(@Query() query: ReportQueryDto, @Caller() caller: CallerInfo): Promise<ReportFunnelResponse> {
    return this.services.send(MESSAGING_SUBJECTS.reportFunnel, query, caller);
  }

  @Roles(...MANAGERS)
  @Get('channels')
  channels(@Query() query: ReportQueryDto, @Caller() caller: CallerInfo): Promise<ReportChannelsResponse> {
    return this.services.send(MESSAGING_SUBJECTS.reportChannels, query, caller);
  }

  /** The time series as a CSV file (RFC 4180, UTF-8 with a BOM), downloaded. */
  @Roles(...MANAGERS)
  @Get('export.csv')
  @ApiProduces('text/csv')
  async export(
    @Query() query: ReportQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const file = await this.services.send<ReportExport>(MESSAGING_SUBJECTS.reportExport, query, caller);
    void reply.type('text/csv; charset=utf-8');
    void reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
    return file.csv;
  }
}
