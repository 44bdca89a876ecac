import { runService } from '@parley/server-kit';
import { billingServiceModule } from './app.module';

void runService('billing-service', billingServiceModule);
