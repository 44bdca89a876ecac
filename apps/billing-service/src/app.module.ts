import { type DynamicModule, Module } from '@nestjs/common';
import { AUDIT_SUBJECTS } from '@parley/contracts';
import {
  auditEntriesController,
  Clock,
  OwnerEvents,
  ServiceKitModule,
  SystemClock,
} from '@parley/server-kit';
import { Account } from './accounts/account.entity';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsQueries } from './accounts/accounts.queries';
import { AccountsService } from './accounts/accounts.service';
import { BillingController } from './billing/billing.controller';
import { BillingQueries } from './billing/billing.queries';
import { BillingService } from './billing/billing.service';
import { CatalogueQueries } from './billing/catalogue.queries';
import { PaymentLinksSync } from './billing/payment-links.sync';
import { BillingConfig } from './config/billing.config';
import { migrations } from './migrations';
import { PaymentsController } from './payments/payments.controller';
import { PaymentsQueries } from './payments/payments.queries';
import { PaymentsService } from './payments/payments.service';
import { UsageController } from './usage/usage.controller';
import { UsageQueries } from './usage/usage.queries';
import { UsageService } from './usage/usage.service';

@Module({})
export class BillingServiceModule {}

/**
 * Plans, refills, payments and the API-call meter (docs/billing.md). `clock` decides when periods end;
 * tests pass their own to move through one.
 */
export function billingServiceModule(config: BillingConfig, clock: Clock = new SystemClock()): DynamicModule {
  return {
    module: BillingServiceModule,
    imports: [
      ServiceKitModule.forRoot({
        service: 'billing-service',
        config,
        orm: { entities: [Account], migrations },
      }),
    ],
    controllers: [
      AccountsController,
      UsageController,
      BillingController,
      PaymentsController,
      auditEntriesController(AUDIT_SUBJECTS.entries.billing),
    ],
    providers: [
      { provide: Clock, useValue: clock },
      OwnerEvents,
      AccountsQueries,
      AccountsService,
      UsageQueries,
      UsageService,
      CatalogueQueries,
      PaymentLinksSync,
      BillingQueries,
      BillingService,
      PaymentsQueries,
      PaymentsService,
    ],
  };
}
