import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/server-kit';
import { IntegrationsConfig } from './config/integrations.config';
import { ChannelsModule } from './channels/channels.module';
import { ConnectionsModule } from './connections/connections.module';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { HealthChecksModule } from './health-checks/health-checks.module';
import { migrations } from './migrations';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class IntegrationsServiceModule {}

/**
 * Channels (docs/channels.md): each provider behind one ChannelAdapter (`channels/`, Meta's with
 * WhatsApp's approved templates); connections (OAuth, pages, tokens sealed at rest), webhooks in
 * (verified, stored, then turned into customer messages by a Bull job) and deliveries out (a Bull job per
 * outgoing message through the channel's send API, within the platform's window) and the channels' health (a
 * periodic check against each provider, and the owner told once when a channel degrades), none naming a provider.
 */
export function integrationsServiceModule(config: IntegrationsConfig): DynamicModule {
  return {
    module: IntegrationsServiceModule,
    imports: [
      ServiceKitModule.forRoot({
        service: 'integrations-service',
        config,
        orm: { entities: [], migrations },
      }),
      ChannelsModule,
      ConnectionsModule,
      WebhooksModule,
      DeliveriesModule,
      HealthChecksModule,
    ],
  };
}
