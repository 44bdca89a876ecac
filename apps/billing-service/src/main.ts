import { runService } from '@parley/server-kit';
import { billingServiceModule } from './app.module';
import { BillingConfig } from './config/billing.config';

void runService('billing-service', (config: BillingConfig) => billingServiceModule(config), BillingConfig);
