import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/server-kit';
import { IntegrationsConfig } from './config/integrations.config';
import { ConnectionsModule } from './connections/connections.module';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { MetaModule } from './meta/meta.module';
import { migrations } from './migrations';
import { TemplatesModule } from './templates/templates.module';
import { WebhooksModule } from './webhooks/webhooks.module';

@Module({})
export class IntegrationsServiceModule {}

/**
 * Meta channels (docs/channels.md): connections (OAuth, pages, tokens sealed at rest), webhooks in
 * (verified, stored, then turned into customer messages by a Bull job) and deliveries out (a Bull job per
 * outgoing message through the platform's send API, within Meta's messaging window) and WhatsApp's
 * approved templates.
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
      MetaModule,
      ConnectionsModule,
      WebhooksModule,
      DeliveriesModule,
      TemplatesModule,
    ],
  };
}
