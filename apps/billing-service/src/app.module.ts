import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, type ServiceConfig } from '@parley/server-kit';
import { Account } from './accounts/account.entity';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsQueries } from './accounts/accounts.queries';
import { AccountsService } from './accounts/accounts.service';
import { migrations } from './migrations';
import { UsageController } from './usage/usage.controller';
import { UsageQueries } from './usage/usage.queries';
import { UsageService } from './usage/usage.service';

@Module({})
export class BillingServiceModule {}

export function billingServiceModule(config: ServiceConfig): DynamicModule {
  return {
    module: BillingServiceModule,
    imports: [
      ServiceKitModule.forRoot({
        service: 'billing-service',
        config,
        orm: { entities: [Account], migrations },
      }),
    ],
    controllers: [AccountsController, UsageController],
    providers: [AccountsQueries, AccountsService, UsageQueries, UsageService],
  };
}
