/** GET /api/packages: a refill of API calls. Prices in US dollars; `color` is a CSS colour for its card. */
export interface UsagePackageResponse {
  id: string;
  name: string;
  apiCalls: number;
  price: number;
  estimatedCost: number;
  color: string;
  /** The hosted payment link for this owner (`client_reference_id` appended); null: none is configured yet. */
  paymentLink: string | null;
  sortOrder: number;
}
