import { runService } from '@parley/server-kit';
import { integrationsServiceModule } from './app.module';

void runService('integrations-service', integrationsServiceModule);
