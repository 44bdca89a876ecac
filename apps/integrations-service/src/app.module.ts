import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, type ServiceConfig } from '@parley/server-kit';
import { migrations } from './migrations';

@Module({})
export class IntegrationsServiceModule {}

export function integrationsServiceModule(config: ServiceConfig): DynamicModule {
  return {
    module: IntegrationsServiceModule,
    imports: [
      ServiceKitModule.forRoot({
        service: 'integrations-service',
        config,
        orm: { entities: [], migrations },
      }),
    ],
  };
}
