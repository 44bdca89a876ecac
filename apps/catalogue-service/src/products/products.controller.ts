import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  CreateProductDto,
  ListProductsQueryDto,
  PRODUCTS_SUBJECTS,
  type RpcRequest,
  UpdateProductDto,
} from '@parley/contracts';
import { pageReply, parsePayload, requireActor } from '@parley/server-kit';
import { ProductSearchDto } from './product-search.dto';
import { ProductSearchService } from './product-search.service';
import { ProductsService } from './products.service';

/** The price as the request wrote it (the DTO reads `"£28.00"` as 28; the service checks its currency). */
function sentPrice(data: unknown): unknown {
  return typeof data === 'object' && data !== null ? (data as { price?: unknown }).price : undefined;
}

/** `{ id }` for delete, `{ id, changes }` for update; the service checks the id. */
type ById = RpcRequest<{ id?: unknown; changes?: unknown } | undefined>;

/**
 * One line per handler: who asks (requireActor), what they sent (parsePayload, the same DTO the gateway
 * checked), and the service does the rest. @CreateRequestContext() gives each message its own fork of
 * the EntityManager (it finds the ORM in `this.orm`).
 */
@Controller()
export class ProductsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly products: ProductsService,
    private readonly productSearch: ProductSearchService,
  ) {}

  /** Answers the page as bytes (pageReply): a JSON array, the next cursor in a header. */
  @MessagePattern(PRODUCTS_SUBJECTS.list)
  @CreateRequestContext()
  list(@Payload() req: RpcRequest) {
    return this.products
      .list(requireActor(req).workspaceId, parsePayload(ListProductsQueryDto, req.data))
      .then(pageReply);
  }

  @MessagePattern(PRODUCTS_SUBJECTS.categories)
  @CreateRequestContext()
  categories(@Payload() req: RpcRequest) {
    return this.products.categories(requireActor(req).workspaceId);
  }

  @MessagePattern(PRODUCTS_SUBJECTS.create)
  @CreateRequestContext()
  create(@Payload() req: RpcRequest) {
    return this.products.create(
      requireActor(req).workspaceId,
      parsePayload(CreateProductDto, req.data),
      sentPrice(req.data),
    );
  }

  @MessagePattern(PRODUCTS_SUBJECTS.update)
  @CreateRequestContext()
  update(@Payload() req: ById) {
    return this.products.update(
      requireActor(req).workspaceId,
      req.data?.id,
      parsePayload(UpdateProductDto, req.data?.changes),
      sentPrice(req.data?.changes),
    );
  }

  @MessagePattern(PRODUCTS_SUBJECTS.delete)
  @CreateRequestContext()
  delete(@Payload() req: ById) {
    return this.products.delete(requireActor(req).workspaceId, req.data?.id);
  }

  @MessagePattern(PRODUCTS_SUBJECTS.search)
  @CreateRequestContext()
  search(@Payload() req: RpcRequest) {
    return this.productSearch.search(requireActor(req).workspaceId, parsePayload(ProductSearchDto, req.data));
  }
}
