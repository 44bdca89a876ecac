import { Module } from '@nestjs/common';
import { IntegrationsConfig } from '../../config/integrations.config';
import { XAccountsClient } from './x-accounts.client';
import { XApiClient } from './x-api.client';
import { XChannelAdapter } from './x-channel.adapter';
import { XRateLimits } from './x-rate-limits';
import { XTokenKeeper } from './x-token-keeper';
import { XTokensQueries } from './x-tokens.queries';

/** X's direct messages: the adapter, its API client, token renewal and rate windows. */
@Module({
  providers: [
    {
      provide: XApiClient,
      useFactory: (config: IntegrationsConfig) => new XApiClient(config.X_API_URL, config.X_TIMEOUT_MS),
      inject: [IntegrationsConfig],
    },
    XAccountsClient,
    XTokensQueries,
    XTokenKeeper,
    XRateLimits,
    XChannelAdapter,
  ],
  exports: [XChannelAdapter],
})
export class XChannelModule {}
