import { Global, Module } from '@nestjs/common';
import { OwnerEvents } from '@parley/server-kit';
import { DEVELOPMENT_SECRETS_KEY, IntegrationsConfig } from '../config/integrations.config';
import { SecretBox } from '../secrets/secret-box';
import type { ChannelAdapter } from './channel-adapter';
import { ChannelHealth } from './channel-health';
import { ChannelHealthQueries } from './channel-health.queries';
import { CHANNEL_ADAPTERS, ChannelRegistry } from './channel-registry';
import { MetaChannelAdapter } from './meta/meta-channel.adapter';
import { MetaChannelModule } from './meta/meta-channel.module';
import { RejectedTokens } from './rejected-tokens';
import { XChannelAdapter } from './x/x-channel.adapter';
import { XChannelModule } from './x/x-channel.module';

/**
 * The channels and what every part of integrations-service shares with them: the registry of channel
 * adapters, the secret box, rejected tokens, channel health, the owners' live events. Registering a provider is its
 * module in `imports` and its adapter in `inject` below (docs/channels.md, "Adding a channel").
 */
@Global()
@Module({
  imports: [MetaChannelModule, XChannelModule],
  providers: [
    OwnerEvents,
    RejectedTokens,
    ChannelHealthQueries,
    ChannelHealth,
    ChannelRegistry,
    {
      provide: CHANNEL_ADAPTERS,
      useFactory: (...adapters: ChannelAdapter[]) => adapters,
      inject: [MetaChannelAdapter, XChannelAdapter],
    },
    {
      provide: SecretBox,
      useFactory: (config: IntegrationsConfig) =>
        new SecretBox(config.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY),
      inject: [IntegrationsConfig],
    },
  ],
  exports: [ChannelRegistry, SecretBox, RejectedTokens, ChannelHealth, ChannelHealthQueries],
})
export class ChannelsModule {}
