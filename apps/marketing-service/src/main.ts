import { runService } from '@parley/server-kit';
import { marketingServiceModule } from './app.module';

void runService('marketing-service', marketingServiceModule);
