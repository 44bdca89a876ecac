import { randomUUID } from 'node:crypto';
import { DecimalType, Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';

/**
 * One of an owner's products. Never leaves the service: products.mapper.ts shapes what callers see.
 * The table's generated search columns (name_key, search_vector) are PostgreSQL's alone and not mapped.
 */
@Entity({ tableName: 'products' })
export class Product {
  [OptionalProps]?: 'id' | 'features' | 'inStock' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  ownerId!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  description!: string;

  /** numeric(10, 2), read as a number: every price it holds is exact in a double. */
  @Property({ type: new DecimalType('number'), columnType: 'numeric(10,2)' })
  price!: number;

  /** ISO 4217: the business's currency when the product was stored or last relabelled (catalogue.currency.set). */
  @Property({ type: 'text' })
  currency!: string;

  @Property({ type: 'text' })
  category!: string;

  @Property({ type: 'text[]' })
  features: string[] = [];

  @Property({ type: 'boolean' })
  inStock = true;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
