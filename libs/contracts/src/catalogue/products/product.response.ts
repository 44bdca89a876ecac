/** GET /api/products items and the answer of create and update. `price` in the shop's currency, 2 decimals. */
export interface ProductResponse {
  id: string;
  name: string;
  description: string;
  price: number;
  category: string;
  features: string[];
  inStock: boolean;
}
