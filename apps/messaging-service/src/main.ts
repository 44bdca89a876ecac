import { runService } from '@parley/server-kit';
import { messagingServiceModule } from './app.module';

void runService('messaging-service', messagingServiceModule);
