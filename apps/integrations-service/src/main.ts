import { runService } from '@parley/server-kit';
import { integrationsServiceModule } from './app.module';
import { IntegrationsConfig } from './config/integrations.config';

void runService('integrations-service', integrationsServiceModule, IntegrationsConfig);
