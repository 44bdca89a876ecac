import { runService } from '@parley/server-kit';
import { catalogueServiceModule } from './app.module';

void runService('catalogue-service', catalogueServiceModule);
