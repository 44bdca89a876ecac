import { Global, Module } from '@nestjs/common';
import { OwnerEvents } from '@parley/server-kit';
import { IntegrationsConfig, DEVELOPMENT_SECRETS_KEY } from '../config/integrations.config';
import { SecretBox } from '../secrets/secret-box';
import { GraphClient } from './graph-client';
import { RejectedTokens } from './rejected-tokens';

/** What every part of integrations-service shares: the Graph API client, the secret box, rejected tokens. */
@Global()
@Module({
  providers: [
    OwnerEvents,
    RejectedTokens,
    {
      provide: GraphClient,
      useFactory: (config: IntegrationsConfig) =>
        new GraphClient(config.META_GRAPH_URL, config.META_TIMEOUT_MS),
      inject: [IntegrationsConfig],
    },
    {
      provide: SecretBox,
      useFactory: (config: IntegrationsConfig) =>
        new SecretBox(config.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY),
      inject: [IntegrationsConfig],
    },
  ],
  exports: [GraphClient, SecretBox, RejectedTokens],
})
export class MetaModule {}
