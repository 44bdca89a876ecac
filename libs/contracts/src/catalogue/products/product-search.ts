/** catalogue.products.search: the owner's products a customer message is about. */
export interface ProductSearchRequest {
  /** The customer's message, as written. */
  text: string;
  /**
   * Earlier messages of the conversation, newest first: searched, in that order, only when `text` names no
   * product, so "how much is it?" finds the product discussed before.
   */
  earlier?: string[];
  /** At most this many, best first (default and cap: PRODUCT_SEARCH_LIMIT). */
  limit?: number;
}

export const PRODUCT_SEARCH_LIMIT = 8;

/** A product as the agent sees it. */
export interface ProductSearchHit {
  name: string;
  description: string;
  price: number;
  category: string;
  inStock: boolean;
  features: string[];
}
