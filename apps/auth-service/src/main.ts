import './thread-pool';
import { runService } from '@parley/server-kit';
import { authServiceModule } from './app.module';
import { AuthConfig } from './config/auth.config';

void runService('auth-service', authServiceModule, AuthConfig);
