import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule, type ServiceConfig } from '@parley/server-kit';
import { CurrencyModule } from './currency/currency.module';
import { ImportsModule } from './imports/imports.module';
import { migrations } from './migrations';
import { Product } from './products/product.entity';
import { ProductsModule } from './products/products.module';

@Module({})
export class CatalogueServiceModule {}

export function catalogueServiceModule(config: ServiceConfig): DynamicModule {
  return {
    module: CatalogueServiceModule,
    imports: [
      ServiceKitModule.forRoot({
        service: 'catalogue-service',
        config,
        orm: { entities: [Product], migrations },
      }),
      ProductsModule,
      ImportsModule,
      CurrencyModule,
    ],
  };
}
