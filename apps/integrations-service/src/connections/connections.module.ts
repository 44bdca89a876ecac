import { Module } from '@nestjs/common';
import { AUDIT_SUBJECTS } from '@parley/contracts';
import { auditEntriesController, OwnerEvents } from '@parley/server-kit';
import { DEVELOPMENT_SECRETS_KEY, IntegrationsConfig } from '../config/integrations.config';
import { ConnectionsController } from './connections.controller';
import { ConnectionsQueries } from './connections.queries';
import { ConnectionsService } from './connections.service';
import { OAuthStateSigner } from './oauth-state';
import { OAuthStates } from './oauth-states';

/** Connecting channels: OAuth, the pages and their tokens (sealed), the list and the disconnect. */
@Module({
  controllers: [ConnectionsController, auditEntriesController(AUDIT_SUBJECTS.entries.integrations)],
  providers: [
    ConnectionsService,
    ConnectionsQueries,
    OAuthStates,
    OwnerEvents,
    {
      provide: OAuthStateSigner,
      useFactory: (config: IntegrationsConfig) =>
        new OAuthStateSigner(config.SECRETS_KEY ?? DEVELOPMENT_SECRETS_KEY, config.META_APP_SECRET),
      inject: [IntegrationsConfig],
    },
  ],
})
export class ConnectionsModule {}
