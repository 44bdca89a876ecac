import { runService } from '@parley/server-kit';
import { messagingServiceModule } from './app.module';
import { MessagingConfig } from './config/messaging.config';

void runService('messaging-service', messagingServiceModule, MessagingConfig);
