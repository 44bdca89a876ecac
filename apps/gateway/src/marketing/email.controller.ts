import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query, Res, UseGuards } from '@nestjs/common';
import {
  type Caller as CallerInfo,
  CampaignDto,
  type CampaignResponse,
  type CampaignResultsResponse,
  EMAIL_SUBJECTS,
  EmailAudienceQueryDto,
  type EmailAudienceResponse,
  EmailSequenceDto,
  type EmailSequenceResponse,
  type EmailSummaryResponse,
  EmailTemplateDto,
  type EmailTemplateResponse,
  ListEmailQueryDto,
  SubscriberDto,
  type SubscriberResponse,
  TestCampaignDto,
  UpdateCampaignDto,
  UpdateEmailSequenceDto,
  UpdateEmailTemplateDto,
  UpdateSubscriberDto,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import type { FastifyReply } from 'fastify';
import { SessionGuard } from '../auth/session.guard';
import { listPage } from '../http/list-page';
import { Caller } from '../rpc/caller.decorator';
import { MANAGERS, Roles } from '../auth/roles';

type Deleted = { id: string };

/**
 * The signed-in owner's email marketing, from marketing-service (spec 001 §7's three email calls, and
 * beyond the spec their PATCH and DELETE and the summary cards). Lists are newest first, the next page's
 * cursor in the x-next-cursor header.
 */
@Controller('api/email')
@UseGuards(SessionGuard)
export class EmailController {
  constructor(private readonly services: ServiceClient) {}

  @Roles(...MANAGERS)
  @Get('summary')
  summary(@Caller() caller: CallerInfo): Promise<EmailSummaryResponse> {
    return this.services.send(EMAIL_SUBJECTS.summary, {}, caller);
  }

  /** EmailTemplateResponse[] */
  @Roles(...MANAGERS)
  @Get('templates')
  async templates(
    @Query() query: ListEmailQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return listPage(reply, await this.services.sendRaw(EMAIL_SUBJECTS.templates.list, query, caller));
  }

  @Roles(...MANAGERS)
  @Post('templates')
  createTemplate(@Body() dto: EmailTemplateDto, @Caller() caller: CallerInfo): Promise<EmailTemplateResponse> {
    return this.services.send(EMAIL_SUBJECTS.templates.create, dto, caller);
  }

  @Roles(...MANAGERS)
  @Patch('templates/:id')
  updateTemplate(
    @Param('id') id: string,
    @Body() changes: UpdateEmailTemplateDto,
    @Caller() caller: CallerInfo,
  ): Promise<EmailTemplateResponse> {
    return this.services.send(EMAIL_SUBJECTS.templates.update, { id, changes }, caller);
  }

  @Roles(...MANAGERS)
  @Delete('templates/:id')
  deleteTemplate(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<Deleted> {
    return this.services.send(EMAIL_SUBJECTS.templates.delete, { id }, caller);
  }

  /** CampaignResponse[] */
  @Roles(...MANAGERS)
  @Get('campaigns')
  async campaigns(
    @Query() query: ListEmailQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return listPage(reply, await this.services.sendRaw(EMAIL_SUBJECTS.campaigns.list, query, caller));
  }

  @Roles(...MANAGERS)
  @Post('campaigns')
  createCampaign(@Body() dto: CampaignDto, @Caller() caller: CallerInfo): Promise<CampaignResponse> {
    return this.services.send(EMAIL_SUBJECTS.campaigns.create, dto, caller);
  }

  @Roles(...MANAGERS)
  @Patch('campaigns/:id')
  updateCampaign(
    @Param('id') id: string,
    @Body() changes: UpdateCampaignDto,
    @Caller() caller: CallerInfo,
  ): Promise<CampaignResponse> {
    return this.services.send(EMAIL_SUBJECTS.campaigns.update, { id, changes }, caller);
  }

  @Roles(...MANAGERS)
  @Delete('campaigns/:id')
  deleteCampaign(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<Deleted> {
    return this.services.send(EMAIL_SUBJECTS.campaigns.delete, { id }, caller);
  }

  /** Draft or scheduled → sending (or scheduled, when its scheduledAt is ahead); 409 from any other status. */
  @Roles(...MANAGERS)
  @Post('campaigns/:id/send')
  @HttpCode(200)
  sendCampaign(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<CampaignResponse> {
    return this.services.send(EMAIL_SUBJECTS.campaigns.send, { id }, caller);
  }

  @Roles(...MANAGERS)
  @Post('campaigns/:id/pause')
  @HttpCode(200)
  pauseCampaign(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<CampaignResponse> {
    return this.services.send(EMAIL_SUBJECTS.campaigns.pause, { id }, caller);
  }

  @Roles(...MANAGERS)
  @Post('campaigns/:id/resume')
  @HttpCode(200)
  resumeCampaign(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<CampaignResponse> {
    return this.services.send(EMAIL_SUBJECTS.campaigns.resume, { id }, caller);
  }

  /** One mail of the campaign to one address, not counted. */
  @Roles(...MANAGERS)
  @Post('campaigns/:id/test')
  @HttpCode(200)
  testCampaign(
    @Param('id') id: string,
    @Body() to: TestCampaignDto,
    @Caller() caller: CallerInfo,
  ): Promise<{ sent: true }> {
    return this.services.send(EMAIL_SUBJECTS.campaigns.test, { id, changes: to }, caller);
  }

  /** How its mails went: sent, delivered, opened, clicked, bounced, unsubscribed (docs/email.md, "Results"). */
  @Roles(...MANAGERS)
  @Get('campaigns/:id/results')
  campaignResults(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<CampaignResultsResponse> {
    return this.services.send(EMAIL_SUBJECTS.campaigns.results, { id }, caller);
  }

  /** The recipients a campaign with these audience tags (`?tags=a,b`; none: everyone) would have now. */
  @Roles(...MANAGERS)
  @Get('audience')
  audience(@Query() query: EmailAudienceQueryDto, @Caller() caller: CallerInfo): Promise<EmailAudienceResponse> {
    return this.services.send(EMAIL_SUBJECTS.audience, query, caller);
  }

  /** EmailSequenceResponse[] */
  @Roles(...MANAGERS)
  @Get('sequences')
  async sequences(
    @Query() query: ListEmailQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return listPage(reply, await this.services.sendRaw(EMAIL_SUBJECTS.sequences.list, query, caller));
  }

  @Roles(...MANAGERS)
  @Post('sequences')
  createSequence(@Body() dto: EmailSequenceDto, @Caller() caller: CallerInfo): Promise<EmailSequenceResponse> {
    return this.services.send(EMAIL_SUBJECTS.sequences.create, dto, caller);
  }

  /** `steps`, when sent, replace the list; `isActive: false` stops every subscriber's way through it. */
  @Roles(...MANAGERS)
  @Patch('sequences/:id')
  updateSequence(
    @Param('id') id: string,
    @Body() changes: UpdateEmailSequenceDto,
    @Caller() caller: CallerInfo,
  ): Promise<EmailSequenceResponse> {
    return this.services.send(EMAIL_SUBJECTS.sequences.update, { id, changes }, caller);
  }

  @Roles(...MANAGERS)
  @Delete('sequences/:id')
  deleteSequence(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<Deleted> {
    return this.services.send(EMAIL_SUBJECTS.sequences.delete, { id }, caller);
  }

  /** SubscriberResponse[] */
  @Roles(...MANAGERS)
  @Get('subscribers')
  async subscribers(
    @Query() query: ListEmailQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return listPage(reply, await this.services.sendRaw(EMAIL_SUBJECTS.subscribers.list, query, caller));
  }

  @Roles(...MANAGERS)
  @Post('subscribers')
  createSubscriber(@Body() dto: SubscriberDto, @Caller() caller: CallerInfo): Promise<SubscriberResponse> {
    return this.services.send(EMAIL_SUBJECTS.subscribers.create, dto, caller);
  }

  @Roles(...MANAGERS)
  @Patch('subscribers/:id')
  updateSubscriber(
    @Param('id') id: string,
    @Body() changes: UpdateSubscriberDto,
    @Caller() caller: CallerInfo,
  ): Promise<SubscriberResponse> {
    return this.services.send(EMAIL_SUBJECTS.subscribers.update, { id, changes }, caller);
  }

  @Roles(...MANAGERS)
  @Delete('subscribers/:id')
  deleteSubscriber(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<Deleted> {
    return this.services.send(EMAIL_SUBJECTS.subscribers.delete, { id }, caller);
  }
}
