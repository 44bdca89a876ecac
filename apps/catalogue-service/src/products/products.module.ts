import { Module } from '@nestjs/common';
import { ProductSearchQueries } from './product-search.queries';
import { ProductSearchService } from './product-search.service';
import { ProductsController } from './products.controller';
import { ProductsQueries } from './products.queries';
import { ProductsService } from './products.service';

/**
 * An owner's products and the product search the agent asks for. The entity is registered in the app
 * module's ORM options (bundles cannot scan folders).
 */
@Module({
  controllers: [ProductsController],
  providers: [ProductsService, ProductsQueries, ProductSearchService, ProductSearchQueries],
})
export class ProductsModule {}
