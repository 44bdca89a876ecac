/** GET /api/packages: a refill of API calls. Prices in US dollars; `color` is a CSS colour for its card. */
export interface UsagePackageResponse {
  id: string;
  name: string;
  apiCalls: number;
  price: number;
  estimatedCost: number;
  color: string;
  paymentLink: string;
}
