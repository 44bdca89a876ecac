/** GET /api/products items and the answer of create and update. `price` in `currency`, 2 decimals. */
export interface ProductResponse {
  id: string;
  name: string;
  description: string;
  price: number;
  /** Beyond the spec: the ISO 4217 code of `price` (the business's currency when the product was stored). */
  currency: string;
  category: string;
  features: string[];
  inStock: boolean;
}
