/** One row of a catalogue file that was not imported, and why (`row` as the owner sees it in the file). */
export interface ProductImportRowError {
  row: number;
  message: string;
}

/**
 * The answer of POST /api/products/upload: `created` new products, `updated` products of the same name
 * (case-insensitive) that the file changed, `skipped` rows not imported (blank, repeated or bad); each bad
 * row (one priced in another currency too) is in `errors`, at most MAX_IMPORT_ROW_ERRORS of them.
 */
export interface ProductImportResponse {
  created: number;
  updated: number;
  skipped: number;
  errors: ProductImportRowError[];
  /**
   * Beyond the spec: the business's currency (ISO 4217), the one every imported price is stored in. A row whose
   * price is written in another currency (`£28.00` for a USD business) is not imported: it is in `errors`.
   */
  currency: string;
}

/** The most product rows one catalogue file may hold. */
export const MAX_IMPORT_ROWS = 10_000;

/** The most row errors an import answers (the rest are counted in `skipped`). */
export const MAX_IMPORT_ROW_ERRORS = 100;

/**
 * catalogue.products.import: the upload's bytes wait in Redis under `uploadKey` (see server-kit's
 * UploadStore), the gateway having checked the declared type and size.
 */
export interface ProductImportRequest {
  uploadKey: string;
  fileName: string;
  mediaType: string;
}

/** data of the realtime event `catalogue_import_progress`: rows processed of the file's total. */
export interface ProductImportProgress {
  processed: number;
  total: number;
  /** 0–100. */
  percent: number;
}
