import { Injectable } from '@nestjs/common';
import {
  type CreateProductDto,
  DomainException,
  ErrorCode,
  type ListProductsQueryDto,
  otherCurrencyMessage,
  type ProductResponse,
  type UpdateProductDto,
} from '@parley/contracts';
import type { Page } from '@parley/server-kit';
import { decodeCursor } from './product-cursor';
import type { Product } from './product.entity';
import { toProductResponse } from './products.mapper';
import { ProductsQueries } from './products.queries';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The rules of an owner's products, in plain TypeScript. Every read and write is the owner's own:
 * another owner's id is NOT_FOUND, exactly like an id that never existed (no hint that it does).
 */
@Injectable()
export class ProductsService {
  constructor(private readonly queries: ProductsQueries) {}

  /** By name; `q` in the name, category or description, `category` and `inStock` exactly (case-insensitive). */
  async list(ownerId: string, query: ListProductsQueryDto): Promise<Page<ProductResponse>> {
    return this.queries.page(
      ownerId,
      {
        q: query.q ?? undefined,
        category: query.category ?? undefined,
        inStock: query.inStock,
        after: decodeCursor(query.cursor),
      },
      query.limit,
    );
  }

  categories(ownerId: string): Promise<string[]> {
    return this.queries.categories(ownerId);
  }

  /**
   * `sentPrice` is the price as the request wrote it: text in another currency than the business's (`£28.00` for
   * a USD business) is refused, naming `price`, never stored as if it were in the business's currency.
   */
  async create(ownerId: string, data: CreateProductDto, sentPrice?: unknown): Promise<ProductResponse> {
    await this.checkCurrency(ownerId, sentPrice);
    const product = await this.queries.insert(ownerId, data);
    if (!product) throw nameTaken(data.name);
    return toProductResponse(product);
  }

  /** Only the fields sent change; a new name must not be another product's. */
  async update(
    ownerId: string,
    id: unknown,
    changes: UpdateProductDto,
    sentPrice?: unknown,
  ): Promise<ProductResponse> {
    const found = await this.find(ownerId, id);
    await this.checkCurrency(ownerId, sentPrice);
    const product = await this.queries.update(found, changes);
    if (!product) throw nameTaken(changes.name ?? '');
    return toProductResponse(product);
  }

  async delete(ownerId: string, id: unknown): Promise<Pick<ProductResponse, 'id'>> {
    const product = await this.find(ownerId, id);
    await this.queries.delete(product);
    return { id: product.id };
  }

  private async checkCurrency(ownerId: string, sentPrice: unknown): Promise<void> {
    if (typeof sentPrice !== 'string') return;
    const message = otherCurrencyMessage(sentPrice, await this.queries.currency(ownerId));
    if (message) throw new DomainException(ErrorCode.ValidationFailed, message, { field: 'price' });
  }

  /** The owner's product with this id; anything else (absent, malformed, another owner's) is NOT_FOUND. */
  private async find(ownerId: string, id: unknown): Promise<Product> {
    const found = typeof id === 'string' && UUID.test(id) ? await this.queries.find(ownerId, id) : null;
    if (!found) throw new DomainException(ErrorCode.NotFound, 'Product not found');
    return found;
  }
}

/** One product per name per owner, case-insensitively (the catalogue import updates products by name). */
function nameTaken(name: string): DomainException {
  return new DomainException(ErrorCode.Conflict, `A product named "${name}" already exists`, {
    field: 'name',
  });
}
