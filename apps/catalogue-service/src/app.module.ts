import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, type ServiceConfig } from '@parley/server-kit';
import { migrations } from './migrations';

@Module({})
export class CatalogueServiceModule {}

export function catalogueServiceModule(config: ServiceConfig): DynamicModule {
  return {
    module: CatalogueServiceModule,
    imports: [
      ServiceKitModule.forRoot({ service: 'catalogue-service', config, orm: { entities: [], migrations } }),
    ],
  };
}
