import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, type ServiceConfig } from '@parley/server-kit';
import { migrations } from './migrations';

@Module({})
export class MarketingServiceModule {}

export function marketingServiceModule(config: ServiceConfig): DynamicModule {
  return {
    module: MarketingServiceModule,
    imports: [
      ServiceKitModule.forRoot({ service: 'marketing-service', config, orm: { entities: [], migrations } }),
    ],
  };
}
