import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/server-kit';
import { CampaignsController } from './campaigns/campaigns.controller';
import { CampaignsQueries } from './campaigns/campaigns.queries';
import { CampaignsService } from './campaigns/campaigns.service';
import type { MarketingConfig } from './config/marketing.config';
import { migrations } from './migrations';
import { SubscribersController } from './subscribers/subscribers.controller';
import { SubscribersQueries } from './subscribers/subscribers.queries';
import { SubscribersService } from './subscribers/subscribers.service';
import { EmailTemplatesController } from './templates/email-templates.controller';
import { EmailTemplatesQueries } from './templates/email-templates.queries';
import { EmailTemplatesService } from './templates/email-templates.service';

@Module({})
export class MarketingServiceModule {}

/** Email marketing (docs/email.md): templates, campaigns, subscribers; raw SQL, no ORM entities. */
export function marketingServiceModule(config: MarketingConfig): DynamicModule {
  return {
    module: MarketingServiceModule,
    imports: [ServiceKitModule.forRoot({ service: 'marketing-service', config, orm: { entities: [], migrations } })],
    controllers: [EmailTemplatesController, CampaignsController, SubscribersController],
    providers: [
      EmailTemplatesQueries,
      EmailTemplatesService,
      CampaignsQueries,
      CampaignsService,
      SubscribersQueries,
      SubscribersService,
    ],
  };
}
