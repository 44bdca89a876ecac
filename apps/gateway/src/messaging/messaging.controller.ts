import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Put,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import {
  AiConfigDto,
  type AiConfigResponse,
  type Caller as CallerInfo,
  type ConversationResponse,
  CreateCustomerDto,
  CreateReplayDto,
  type CustomerResponse,
  type IngestMessageData,
  type IngestMessageResult,
  type KnowledgeConflictResponse,
  KnowledgeItemDto,
  type KnowledgeItemResponse,
  type LeadResponse,
  ListConversationsQueryDto,
  ListCustomersQueryDto,
  ListKnowledgeQueryDto,
  ListMessagesQueryDto,
  type MessageResponse,
  MESSAGING_SUBJECTS,
  PipelineQueryDto,
  type PipelineResponse,
  type ReplayResponse,
  ReplyMessageDto,
  SaveTestCaseDto,
  SendMessageDto,
  SendTemplateDto,
  SimulateMessageDto,
  StatsQueryDto,
  type StatsResponse,
  type TestDataDeletedResponse,
  TestAgentDto,
  type TestAgentResponse,
  type TestCaseResponse,
  UpdateContactDto,
  UpdateConversationDto,
  UpdateCustomerDto,
  UpdateKnowledgeItemDto,
  type WhatsAppTemplateResponse,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import { ApiHeader } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { RateLimit } from '../auth/rate-limit.guard';
import { SessionGuard } from '../auth/session.guard';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKey } from '../http/idempotency-key';
import { listPage } from '../http/list-page';
import { Caller } from '../rpc/caller.decorator';
import { ANY_MEMBER, MANAGERS, Roles } from '../auth/roles';

/** The signed-in owner's inbox, customers, agent configuration and stats, from messaging-service. */
@Controller('api')
@UseGuards(SessionGuard)
export class MessagingController {
  constructor(private readonly services: ServiceClient) {}

  /**
   * With an Idempotency-Key, a retry of the same message is stored once: the key becomes the message's
   * platform id, which is unique per owner and platform (the retry answers `stored: false` and the id).
   */
  @Roles(...ANY_MEMBER)
  @Post('simulate-message')
  @RateLimit('simulate-message', 'simulate')
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  simulate(
    @Body() dto: SimulateMessageDto,
    @IdempotencyKey() key: string | undefined,
    @Caller() caller: CallerInfo,
  ): Promise<IngestMessageResult> {
    const message: IngestMessageData = key ? { ...dto, platformMessageId: `client:${key}` } : dto;
    return this.services.send(MESSAGING_SUBJECTS.ingestMessage, message, caller);
  }

  @Roles(...ANY_MEMBER)
  @Get('messages')
  async messages(
    @Query() query: ListMessagesQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return listPage(reply, await this.services.sendRaw(MESSAGING_SUBJECTS.listMessages, query, caller));
  }

  /** With an Idempotency-Key, a retry answers the reply stored the first time and sends nothing again. */
  @Roles(...ANY_MEMBER)
  @Post('messages/reply')
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  replyToCustomer(
    @Body() dto: ReplyMessageDto,
    @IdempotencyKey() key: string | undefined,
    @Caller() caller: CallerInfo,
  ): Promise<MessageResponse> {
    return this.services.send(
      MESSAGING_SUBJECTS.replyToCustomer,
      key ? { ...dto, clientKey: key } : dto,
      caller,
    );
  }

  /** The Social Media panel's Send Message: to a customer named by their id on the platform (Idempotency-Key as above). */
  @Roles(...ANY_MEMBER)
  @Post('messages/send')
  @ApiHeader(IDEMPOTENCY_KEY_HEADER)
  sendMessage(
    @Body() dto: SendMessageDto,
    @IdempotencyKey() key: string | undefined,
    @Caller() caller: CallerInfo,
  ): Promise<MessageResponse> {
    return this.services.send(
      MESSAGING_SUBJECTS.sendToRecipient,
      key ? { ...dto, clientKey: key } : dto,
      caller,
    );
  }

  /** The inbox: one conversation per customer, newest activity first. */
  @Roles(...ANY_MEMBER)
  @Get('conversations')
  async conversations(
    @Query() query: ListConversationsQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return listPage(reply, await this.services.sendRaw(MESSAGING_SUBJECTS.listConversations, query, caller));
  }

  /** One customer's conversation (the inbox's open one, whatever its list shows). */
  @Roles(...ANY_MEMBER)
  @Get('conversations/:customerId')
  conversation(
    @Param('customerId') customerId: string,
    @Caller() caller: CallerInfo,
  ): Promise<ConversationResponse> {
    return this.services.send(MESSAGING_SUBJECTS.getConversation, { customerId }, caller);
  }

  /** Close or reopen, mark read, pause or resume the AI for one customer's conversation. */
  @Roles(...ANY_MEMBER)
  @Patch('conversations/:customerId')
  updateConversation(
    @Param('customerId') customerId: string,
    @Body() changes: UpdateConversationDto,
    @Caller() caller: CallerInfo,
  ): Promise<ConversationResponse> {
    return this.services.send(MESSAGING_SUBJECTS.updateConversation, { customerId, changes }, caller);
  }

  /** The approved WhatsApp templates that may be sent to this customer (the only message after 24 hours). */
  @Roles(...ANY_MEMBER)
  @Get('conversations/:customerId/templates')
  templates(
    @Param('customerId') customerId: string,
    @Caller() caller: CallerInfo,
  ): Promise<WhatsAppTemplateResponse[]> {
    return this.services.send(MESSAGING_SUBJECTS.listTemplates, { customerId }, caller);
  }

  /** A person sends this WhatsApp customer an approved template, inside or outside the 24-hour window. */
  @Roles(...ANY_MEMBER)
  @Post('conversations/:customerId/template')
  sendTemplate(
    @Param('customerId') customerId: string,
    @Body() template: SendTemplateDto,
    @Caller() caller: CallerInfo,
  ): Promise<MessageResponse> {
    return this.services.send(MESSAGING_SUBJECTS.sendTemplate, { customerId, template }, caller);
  }

  @Roles(...ANY_MEMBER)
  @Get('customers')
  async customers(
    @Query() query: ListCustomersQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return listPage(reply, await this.services.sendRaw(MESSAGING_SUBJECTS.listCustomers, query, caller));
  }

  @Roles(...ANY_MEMBER)
  @Get('customers/:id')
  customer(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<CustomerResponse> {
    return this.services.send(MESSAGING_SUBJECTS.getCustomer, { id }, caller);
  }

  @Roles(...ANY_MEMBER)
  @Post('customers')
  createCustomer(@Body() dto: CreateCustomerDto, @Caller() caller: CallerInfo): Promise<CustomerResponse> {
    return this.services.send(MESSAGING_SUBJECTS.createCustomer, dto, caller);
  }

  @Roles(...ANY_MEMBER)
  @Put('customers/:id')
  updateCustomer(
    @Param('id') id: string,
    @Body() changes: UpdateCustomerDto,
    @Caller() caller: CallerInfo,
  ): Promise<CustomerResponse> {
    return this.services.send(MESSAGING_SUBJECTS.updateCustomer, { id, changes }, caller);
  }

  /** The inbox's contact panel. PUT above stays the spec's stage change. */
  @Roles(...ANY_MEMBER)
  @Patch('customers/:id')
  updateContact(
    @Param('id') id: string,
    @Body() changes: UpdateContactDto,
    @Caller() caller: CallerInfo,
  ): Promise<CustomerResponse> {
    return this.services.send(MESSAGING_SUBJECTS.updateContact, { id, changes }, caller);
  }

  /** Beyond the spec (issue 34): the pipeline board's column headers, each stage's count and lead value. */
  @Roles(...ANY_MEMBER)
  @Get('pipeline')
  pipeline(@Query() query: PipelineQueryDto, @Caller() caller: CallerInfo): Promise<PipelineResponse> {
    return this.services.send(MESSAGING_SUBJECTS.pipeline, query, caller);
  }

  @Roles(...ANY_MEMBER)
  @Get('customers/:id/leads')
  customerLeads(@Param('id') customerId: string, @Caller() caller: CallerInfo): Promise<LeadResponse[]> {
    return this.services.send(MESSAGING_SUBJECTS.listCustomerLeads, { customerId }, caller);
  }

  /** Any member reads it: the test chat, which agents use, needs the business setup to be complete. */
  @Roles(...ANY_MEMBER)
  @Get('ai-config')
  aiConfig(@Caller() caller: CallerInfo): Promise<AiConfigResponse> {
    return this.services.send(MESSAGING_SUBJECTS.getAiConfig, {}, caller);
  }

  @Roles(...MANAGERS)
  @Put('ai-config')
  saveAiConfig(@Body() dto: AiConfigDto, @Caller() caller: CallerInfo): Promise<AiConfigResponse> {
    return this.services.send(MESSAGING_SUBJECTS.saveAiConfig, dto, caller);
  }

  @Roles(...ANY_MEMBER)
  @Post('ai/test-agent')
  @HttpCode(200)
  @RateLimit('test-chat', 'test-chat')
  testAgent(@Body() dto: TestAgentDto, @Caller() caller: CallerInfo): Promise<TestAgentResponse> {
    return this.services.send(MESSAGING_SUBJECTS.testAgent, dto, caller);
  }

  /**
   * Beyond the spec (issue 30): replays the owner's latest customer messages and saved test cases with a draft
   * change and with what is live (docs/agent.md, "Replay"). Counts no API call and sends nothing; progress comes
   * over /ws as `replay_progress`.
   */
  @Roles(...MANAGERS)
  @Post('ai/replays')
  @HttpCode(202)
  createReplay(@Body() dto: CreateReplayDto, @Caller() caller: CallerInfo): Promise<{ id: string }> {
    return this.services.send(MESSAGING_SUBJECTS.createReplay, dto, caller);
  }

  @Roles(...MANAGERS)
  @Get('ai/replays/:id')
  replay(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<ReplayResponse> {
    return this.services.send(MESSAGING_SUBJECTS.getReplay, { id }, caller);
  }

  /** Beyond the spec: test-chat messages the owner keeps for replays. */
  @Roles(...MANAGERS)
  @Get('ai/test-cases')
  testCases(@Caller() caller: CallerInfo): Promise<TestCaseResponse[]> {
    return this.services.send(MESSAGING_SUBJECTS.listTestCases, {}, caller);
  }

  @Roles(...MANAGERS)
  @Post('ai/test-cases')
  saveTestCase(@Body() dto: SaveTestCaseDto, @Caller() caller: CallerInfo): Promise<TestCaseResponse> {
    return this.services.send(MESSAGING_SUBJECTS.saveTestCase, dto, caller);
  }

  @Roles(...MANAGERS)
  @Delete('ai/test-cases/:id')
  deleteTestCase(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<{ id: string }> {
    return this.services.send(MESSAGING_SUBJECTS.deleteTestCase, { id }, caller);
  }

  /** The newest KNOWLEDGE_LIST_LIMIT items; a page too large to send whole ends early, with x-next-cursor. */
  @Roles(...ANY_MEMBER)
  @Get('ai/knowledge')
  async knowledge(
    @Query() query: ListKnowledgeQueryDto,
    @Caller() caller: CallerInfo,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    return listPage(reply, await this.services.sendRaw(MESSAGING_SUBJECTS.listKnowledge, query, caller));
  }

  /**
   * Beyond the spec: sentences of the owner's active items stating a price the catalogue disagrees with; the agent
   * leaves them out of its replies, and AI Training lists them so the owner can correct them.
   */
  @Roles(...ANY_MEMBER)
  @Get('ai/knowledge/conflicts')
  knowledgeConflicts(@Caller() caller: CallerInfo): Promise<KnowledgeConflictResponse[]> {
    return this.services.send(MESSAGING_SUBJECTS.knowledgeConflicts, {}, caller);
  }

  @Roles(...MANAGERS)
  @Post('ai/knowledge')
  createKnowledge(
    @Body() dto: KnowledgeItemDto,
    @Caller() caller: CallerInfo,
  ): Promise<KnowledgeItemResponse> {
    return this.services.send(MESSAGING_SUBJECTS.createKnowledge, dto, caller);
  }

  @Roles(...MANAGERS)
  @Patch('ai/knowledge/:id')
  updateKnowledge(
    @Param('id') id: string,
    @Body() changes: UpdateKnowledgeItemDto,
    @Caller() caller: CallerInfo,
  ): Promise<KnowledgeItemResponse> {
    return this.services.send(MESSAGING_SUBJECTS.updateKnowledge, { id, changes }, caller);
  }

  @Roles(...MANAGERS)
  @Delete('ai/knowledge/:id')
  deleteKnowledge(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<{ id: string }> {
    return this.services.send(MESSAGING_SUBJECTS.deleteKnowledge, { id }, caller);
  }

  @Roles(...ANY_MEMBER)
  @Get('stats')
  stats(@Query() query: StatsQueryDto, @Caller() caller: CallerInfo): Promise<StatsResponse> {
    return this.services.send(MESSAGING_SUBJECTS.getStats, query, caller);
  }

  /** Every simulated customer of the owner and what hangs on them (docs/inbox.md, "Test data"). */
  @Roles(...MANAGERS)
  @Delete('test-data')
  deleteTestData(@Caller() caller: CallerInfo): Promise<TestDataDeletedResponse> {
    return this.services.send(MESSAGING_SUBJECTS.deleteTestData, {}, caller);
  }
}
