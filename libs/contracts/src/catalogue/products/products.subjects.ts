/**
 * catalogue-service: an owner's products. Subjects are a wire contract: a breaking change gets a new
 * subject (`….v2`), never a silent field change.
 */
export const PRODUCTS_SUBJECTS = {
  /** ListProductsQueryDto → a raw page of ProductResponse (see PAGE_NEXT_CURSOR_HEADER). */
  list: 'catalogue.products.list',
  /** `{}` → string[]: every category of the owner's products, once each (case-insensitive), in order. */
  categories: 'catalogue.products.categories',
  /** CreateProductDto → ProductResponse. */
  create: 'catalogue.products.create',
  /** `{ id, changes: UpdateProductDto }` → ProductResponse; NOT_FOUND for an id the owner does not have. */
  update: 'catalogue.products.update',
  /** `{ id }` → `{ id }`. */
  delete: 'catalogue.products.delete',
  /** ProductSearchRequest → ProductSearchHit[], best first; asked for every agent reply. */
  search: 'catalogue.products.search',
  /** ProductImportRequest → ProductImportResponse, when the whole file is done. */
  import: 'catalogue.products.import',
  /**
   * SetCatalogueCurrencyRequest → SetCatalogueCurrencyResponse: the business's currency changed (messaging-service's
   * AI configuration); new products take it and the stored prices are relabelled in it (no rates: the numbers stay).
   */
  setCurrency: 'catalogue.currency.set',
} as const;
