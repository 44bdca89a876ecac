import { runService } from '@parley/server-kit';
import { marketingServiceModule } from './app.module';
import { MarketingConfig } from './config/marketing.config';

void runService('marketing-service', marketingServiceModule, MarketingConfig);
