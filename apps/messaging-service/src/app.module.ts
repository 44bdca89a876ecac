import { BullModule } from '@nestjs/bull';
import { type DynamicModule, Module } from '@nestjs/common';
import { AUDIT_SUBJECTS } from '@parley/contracts';
import { auditEntriesController, OwnerEvents, ServiceKitModule } from '@parley/server-kit';
import { AgentController } from './agent/agent.controller';
import { createAgentProvider } from './agent/agent-provider.factory';
import { AgentAnswers } from './agent/agent-answers';
import { AgentService } from './agent/agent.service';
import { AGENT_PROVIDER } from './agent/agent.tokens';
import { AiConfigController } from './ai-config/ai-config.controller';
import { AiConfigQueries } from './ai-config/ai-config.queries';
import { AiConfigService } from './ai-config/ai-config.service';
import { CatalogueClient } from './catalogue/catalogue.client';
import { MessagingConfig } from './config/messaging.config';
import { ConversationsController } from './conversations/conversations.controller';
import { ConversationsQueries } from './conversations/conversations.queries';
import { ConversationsService } from './conversations/conversations.service';
import { CustomerEventsController } from './customer-events/customer-events.controller';
import { CustomerEventsQueries } from './customer-events/customer-events.queries';
import { CustomersController } from './customers/customers.controller';
import { StageHistoryController } from './customers/stage-history.controller';
import { StageHistoryQueries } from './customers/stage-history.queries';
import { CustomersQueries } from './customers/customers.queries';
import { CustomersService } from './customers/customers.service';
import { EmailThreadController } from './email-thread/email-thread.controller';
import { EmailThreadQueries } from './email-thread/email-thread.queries';
import { EmailThreadService } from './email-thread/email-thread.service';
import { KnowledgeController } from './knowledge/knowledge.controller';
import { KnowledgeQueries } from './knowledge/knowledge.queries';
import { KnowledgeService } from './knowledge/knowledge.service';
import { LeadsQueries } from './leads/leads.queries';
import { MessagesController } from './messages/messages.controller';
import { MessagesQueries } from './messages/messages.queries';
import { AuthorNames } from './messages/author-names';
import { MessagesService } from './messages/messages.service';
import { migrations } from './migrations';
import { DeliveriesClient } from './outbound/deliveries.client';
import { OutboundController } from './outbound/outbound.controller';
import { OutboundQueries } from './outbound/outbound.queries';
import { OutboundService } from './outbound/outbound.service';
import { OutboundReconciler } from './outbound/outbound-reconciler';
import { RepliesQueries } from './replies/replies.queries';
import { ReplayDrafts } from './replays/replay-draft';
import { REPLAY_QUEUE, ReplayQueue } from './replays/replay.queue';
import { ReplayProcessor } from './replays/replay.processor';
import { ReplaysController } from './replays/replays.controller';
import { ReplaysQueries } from './replays/replays.queries';
import { ReplaysService } from './replays/replays.service';
import { TestCasesQueries } from './replays/test-cases.queries';
import { REPLY_QUEUE, replyBackoff, ReplyQueue } from './replies/reply-queue';
import { ReplyProcessor } from './replies/reply.processor';
import { ReplyReconciler } from './replies/reply-reconciler';
import { ReportsAggregator } from './reports/reports-aggregator';
import { ReportsController } from './reports/reports.controller';
import { ReportsQueries } from './reports/reports.queries';
import { ReportsService } from './reports/reports.service';
import { StatsController } from './stats/stats.controller';
import { StatsQueries } from './stats/stats.queries';
import { StatsService } from './stats/stats.service';
import { TestDataController } from './test-data/test-data.controller';
import { TestDataQueries } from './test-data/test-data.queries';
import { TestDataService } from './test-data/test-data.service';
import { TrainingDocumentsModule } from './training-documents/training-documents.module';

@Module({})
export class MessagingServiceModule {}

export function messagingServiceModule(config: MessagingConfig): DynamicModule {
  return {
    module: MessagingServiceModule,
    imports: [
      ServiceKitModule.forRoot({ service: 'messaging-service', config, orm: { entities: [], migrations } }),
      BullModule.registerQueue({
        name: REPLY_QUEUE,
        // A replica that dies mid-reply leaves its job locked: another takes it once the lock lapses
        // (renewed every lockDuration / 2 while the worker lives) at the next stall check, within about
        // 15 s rather than Bull's 30 + 30 s. A job run twice still replies once (docs/agent.md).
        settings: { backoffStrategies: { agent: replyBackoff }, lockDuration: 10_000, stalledInterval: 5_000 },
      }),
      BullModule.registerQueue({ name: REPLAY_QUEUE }),
      TrainingDocumentsModule,
    ],
    controllers: [
      MessagesController,
      ConversationsController,
      CustomersController,
      StageHistoryController,
      AiConfigController,
      AgentController,
      KnowledgeController,
      StatsController,
      ReportsController,
      OutboundController,
      TestDataController,
      ReplaysController,
      EmailThreadController,
      CustomerEventsController,
      auditEntriesController(AUDIT_SUBJECTS.entries.messaging),
    ],
    providers: [
      { provide: AGENT_PROVIDER, useFactory: () => createAgentProvider(config) },
      AgentService,
      AgentAnswers,
      AiConfigQueries,
      AiConfigService,
      CatalogueClient,
      ConversationsQueries,
      ConversationsService,
      CustomerEventsQueries,
      CustomersQueries,
      CustomersService,
      DeliveriesClient,
      EmailThreadQueries,
      EmailThreadService,
      KnowledgeQueries,
      KnowledgeService,
      LeadsQueries,
      MessagesQueries,
      MessagesService,
      AuthorNames,
      OutboundQueries,
      OutboundReconciler,
      OutboundService,
      OwnerEvents,
      RepliesQueries,
      ReplayDrafts,
      ReplayProcessor,
      ReplayQueue,
      ReplaysQueries,
      ReplaysService,
      ReplyQueue,
      ReplyProcessor,
      ReplyReconciler,
      ReportsAggregator,
      ReportsQueries,
      ReportsService,
      StageHistoryQueries,
      StatsQueries,
      StatsService,
      TestDataQueries,
      TestCasesQueries,
      TestDataService,
    ],
  };
}
