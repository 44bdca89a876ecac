import { Injectable } from '@nestjs/common';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CreateProductDto, ProductResponse, UpdateProductDto } from '@parley/contracts';
import { fetchLimit, likePattern, type Page, sqlTuples } from '@parley/server-kit';
import { ownerCurrency } from '../currency/currency.queries';
import { encodeCursor } from './product-cursor';
import { Product } from './product.entity';
import { type ProductColumns, productFromColumns } from './products.mapper';

/** Which products a page lists. */
export interface ProductFilter {
  /** In the name, category or description, case-insensitively. */
  q?: string;
  /** Equal to the category, case-insensitively. */
  category?: string;
  inStock?: boolean;
  /** After this place in the list (see product-cursor.ts). */
  after?: string;
}

/**
 * The columns of a list row (ProductColumns): the response's, then the row's place in the list. Features
 * come as JSON, which node-postgres reads with JSON.parse: its own text[] parser took ~0.2 ms of the
 * service's CPU per 100-product page, a third of it.
 */
const COLUMNS =
  'p.id, p.name, p.description, p.price, p.category, to_json(p.features), p.in_stock, lower(p.name), p.currency';

/** The text a list search (`q`) looks in; products_text_trigrams_idx indexes exactly this expression. */
const SEARCHED_TEXT = `p.name || ' ' || p.category || ' ' || p.description`;

/**
 * A term with three letters or digits in a row has trigram keys (see the migration); a shorter one
 * matches so many products that walking the list in order finds a page soonest.
 */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;

/**
 * The only file of products' CRUD that reaches the database: the entity through the EntityManager (the
 * controller's @CreateRequestContext() forks it for each message), and the list, a hot path, in SQL
 * (sqlTuples: rows as arrays, prepared statements; see docs/architecture.md). Every query filters by
 * owner_id.
 */
@Injectable()
export class ProductsQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * By name (case-insensitive), `limit` products after `filter.after`. A search with trigram keys takes
   * every match through products_text_trigrams_idx and sorts their names; only the page's rows are then
   * read whole, so its cost follows the number of matches. Otherwise an index in name order walks the
   * list until the page is full: (owner_id, lower(name)), or (owner_id, lower(category), lower(name)) for
   * a category.
   */
  async page(ownerId: string, filter: ProductFilter, limit: number): Promise<Page<ProductResponse>> {
    const keyed = filter.q !== undefined && HAS_TRIGRAM.test(filter.q);
    // A keyed search compares the owner as text, which no index serves: its matches must come from the
    // trigram index (whose keys carry the owner), never from walking the owner's products and computing
    // each one's keys, which a generic plan picks when it expects the owner to have few products.
    const where = [keyed ? 'p.owner_id::text = ?::text' : 'p.owner_id = ?'];
    const params: unknown[] = [ownerId];
    if (filter.q !== undefined) {
      if (keyed) {
        // Hashes may collide: the LIKE below keeps only real matches.
        where.push(
          `owner_trigram_keys(p.owner_id, ${SEARCHED_TEXT}) @> owner_query_trigram_keys(?::uuid, ?)`,
        );
        params.push(ownerId, filter.q);
      }
      const pattern = likePattern(filter.q);
      where.push('(lower(p.name) like ? or lower(p.category) like ? or lower(p.description) like ?)');
      params.push(pattern, pattern, pattern);
    }
    if (filter.category !== undefined) {
      where.push('lower(p.category) = lower(?)');
      params.push(filter.category);
    }
    if (filter.inStock !== undefined) {
      where.push('p.in_stock = ?');
      params.push(filter.inStock);
    }
    if (filter.after !== undefined) {
      where.push('lower(p.name) > ?');
      params.push(filter.after);
    }
    const conditions = where.join(' and ');
    const take = fetchLimit(limit);
    const text = keyed
      ? `with hits as materialized (select p.id, lower(p.name) as sort_key from products p where ${conditions}),
              top as (select id, sort_key from hits order by sort_key limit ${take})
         select ${COLUMNS} from top join products p on p.id = top.id order by top.sort_key`
      : `select ${COLUMNS} from products p where ${conditions} order by lower(p.name) limit ${take}`;
    const rows = await sqlTuples<ProductColumns>(this.em, text, params);
    const more = rows.length > limit;
    const kept = more ? rows.slice(0, limit) : rows;
    const items = kept.map(productFromColumns);
    // After any kept product, for a page too large to send whole (pageReply ends it early).
    const cursorAfter = (index: number) => encodeCursor(kept[index][7]);
    return more ? { items, nextCursor: cursorAfter(kept.length - 1), cursorAfter } : { items, cursorAfter };
  }

  /**
   * Every category of the owner's products, once each ignoring case (the first spelling in name order),
   * ordered case-insensitively; (owner_id, lower(category), lower(name)) serves it.
   */
  async categories(ownerId: string): Promise<string[]> {
    const rows = await sqlTuples<[string]>(
      this.em,
      `select distinct on (lower(category)) category from products
       where owner_id = ? order by lower(category), lower(name)`,
      [ownerId],
    );
    return rows.map(([category]) => category);
  }

  /** The business's currency (owner_currencies). */
  currency(ownerId: string): Promise<string> {
    return ownerCurrency(this.em, ownerId);
  }

  find(ownerId: string, id: string): Promise<Product | null> {
    return this.em.findOne(Product, { id, ownerId });
  }

  /**
   * The stored product, in the business's currency (owner_currencies); undefined when the owner has a product of
   * that name already.
   */
  async insert(ownerId: string, data: CreateProductDto): Promise<Product | undefined> {
    const product = this.em.create(Product, {
      ownerId,
      name: data.name,
      description: data.description,
      price: data.price,
      currency: await ownerCurrency(this.em, ownerId),
      category: data.category,
      features: data.features ?? [],
      inStock: data.inStock ?? true,
    });
    return (await this.flushUnlessNameTaken()) ? product : undefined;
  }

  /** Changes only the fields that were sent; undefined when another product of the owner has the new name. */
  async update(product: Product, changes: UpdateProductDto): Promise<Product | undefined> {
    this.em.assign(product, withoutUndefined(changes));
    return (await this.flushUnlessNameTaken()) ? product : undefined;
  }

  async delete(product: Product): Promise<void> {
    await this.em.remove(product).flush();
  }

  /** False when the unique index on (owner_id, lower(name)) refused the write. */
  private async flushUnlessNameTaken(): Promise<boolean> {
    try {
      await this.em.flush();
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }
}

/** The fields of a partial update that were sent (class-transformer leaves absent ones undefined). */
function withoutUndefined<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
