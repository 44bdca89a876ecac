import { Injectable } from '@nestjs/common';
import { PRODUCT_SEARCH_LIMIT, type ProductSearchHit, type ProductSearchRequest } from '@parley/contracts';
import { ProductSearchQueries, type SearchResult } from './product-search.queries';

/** The most earlier messages a search looks back through, newest first. */
export const EARLIER_MESSAGES = 10;

/**
 * The products a customer message is about, for the agent's reply (catalogue.products.search). The SQL
 * finds and ranks them (product-search.queries.ts); this decides which message of the conversation
 * answers.
 */
@Injectable()
export class ProductSearchService {
  constructor(private readonly queries: ProductSearchQueries) {}

  /**
   * The first of the message and the earlier ones (newest first) that names a product, by its whole name
   * or a word of it, answers: "how much is it?" finds the product talked about before. When none names
   * one, the first whose words are in some product's category, features or description answers. At most
   * `limit` (capped at PRODUCT_SEARCH_LIMIT), best first; nothing for an empty message.
   */
  async search(ownerId: string, request: ProductSearchRequest): Promise<ProductSearchHit[]> {
    if (request.text.trim() === '') return [];
    const limit = Math.min(request.limit ?? PRODUCT_SEARCH_LIMIT, PRODUCT_SEARCH_LIMIT);
    const texts = [request.text, ...(request.earlier ?? []).slice(0, EARLIER_MESSAGES)];
    let byDetails: ProductSearchHit[] = [];
    for (const text of texts) {
      if (text.trim() === '') continue;
      const found = await this.queries.search(ownerId, text);
      if (namesAProduct(found)) return found.hits.slice(0, limit);
      if (byDetails.length === 0) byDetails = found.hits;
    }
    return byDetails.slice(0, limit);
  }
}

/** Found by its whole name or a word of it, written or by its sound: every tier but byDetails. */
function namesAProduct({ tier }: SearchResult): boolean {
  return tier !== undefined && tier !== 'byDetails';
}
