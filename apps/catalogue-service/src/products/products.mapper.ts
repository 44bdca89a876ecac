import type { ProductResponse, ProductSearchHit } from '@parley/contracts';
import type { Product } from './product.entity';

/** What callers see of a product: no owner, no times, no ORM object. */
export function toProductResponse(product: Product): ProductResponse {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price,
    currency: product.currency,
    category: product.category,
    features: product.features,
    inStock: product.inStock,
  };
}

/**
 * A list row as read by sqlTuples: id, name, description, price (numeric(10, 2) arrives as text, e.g.
 * "1299.00"), category, features (as JSON), in_stock, the row's place in the list (lower(name)), currency.
 */
export type ProductColumns = [string, string, string, string, string, string[], boolean, string, string];

export function productFromColumns([
  id,
  name,
  description,
  price,
  category,
  features,
  inStock,
  ,
  currency,
]: ProductColumns): ProductResponse {
  return { id, name, description, price: Number(price), currency, category, features, inStock };
}

/**
 * A search hit row: name, description, price (numeric as text), category, in_stock, features; columns
 * after those are the query's own.
 */
export type SearchHitColumns = [string, string, string, string, boolean, string[], ...unknown[]];

/** What the agent sees of a product (no id: it answers customers, it does not edit the catalogue). */
export function searchHitFromColumns([
  name,
  description,
  price,
  category,
  inStock,
  features,
]: SearchHitColumns): ProductSearchHit {
  return { name, description, price: Number(price), category, inStock, features };
}
