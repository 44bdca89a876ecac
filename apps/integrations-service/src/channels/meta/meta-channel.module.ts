import { Module } from '@nestjs/common';
import { IntegrationsConfig } from '../../config/integrations.config';
import { GraphClient } from './graph-client';
import { MetaAccountsClient } from './meta-accounts.client';
import { MetaChannelAdapter } from './meta-channel.adapter';
import { ProfileNames } from './profile-names';
import { TemplatesController } from './templates/templates.controller';
import { TemplatesQueries } from './templates/templates.queries';
import { TemplatesService } from './templates/templates.service';

/**
 * Meta's channels (Messenger, Instagram, WhatsApp): the adapter, its Graph API clients, and WhatsApp's
 * approved templates (a feature only WhatsApp has, with its own subject).
 */
@Module({
  controllers: [TemplatesController],
  providers: [
    {
      provide: GraphClient,
      useFactory: (config: IntegrationsConfig) =>
        new GraphClient(config.META_GRAPH_URL, config.META_TIMEOUT_MS),
      inject: [IntegrationsConfig],
    },
    MetaAccountsClient,
    ProfileNames,
    MetaChannelAdapter,
    TemplatesQueries,
    TemplatesService,
  ],
  exports: [MetaChannelAdapter],
})
export class MetaChannelModule {}
