import { MAX_IMPORT_ROW_ERRORS, type ProductImportResponse } from '@parley/contracts';
import type { SourceRow } from './catalogue-table';
import type { ProductUpsert } from './imports.queries';
import { isBlankRow, nameKey, productFromRow } from './product-row';

/** Rows handled per statement: each batch is one upsert, and progress is reported after each. */
export const BATCH_ROWS = 500;

/**
 * Imports a table's rows in batches: each row is read as a product (productFromRow) and the valid ones
 * of a batch are stored in one statement. A bad row is counted in `skipped` and reported with its row
 * number (the first MAX_IMPORT_ROW_ERRORS of them); blank rows are skipped quietly. When several rows
 * name the same product (case-insensitive), the last one counts, as if the file were applied top to
 * bottom; the earlier ones are skipped. Prices are in the business's `currency`: a row priced in another is a bad
 * row (productFromRow). `progress` hears how many rows are done after each batch.
 */
export async function importRows(
  rows: readonly SourceRow[],
  upsert: ProductUpsert,
  progress: (processed: number) => void,
  currency: string,
): Promise<ProductImportResponse> {
  const lastOfName = new Map<string, number>();
  rows.forEach((row, index) => {
    const key = nameKey(row);
    if (key !== '') lastOfName.set(key, index);
  });
  const result: ProductImportResponse = { created: 0, updated: 0, skipped: 0, errors: [], currency };
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const end = Math.min(start + BATCH_ROWS, rows.length);
    const products = [];
    for (let index = start; index < end; index++) {
      const row = rows[index];
      const key = nameKey(row);
      if (isBlankRow(row) || (key !== '' && lastOfName.get(key) !== index)) {
        result.skipped++;
        continue;
      }
      const read = productFromRow(row, currency);
      if (read.ok) {
        products.push(read.product);
        continue;
      }
      result.skipped++;
      if (result.errors.length < MAX_IMPORT_ROW_ERRORS)
        result.errors.push({ row: row.row, message: read.message });
    }
    if (products.length > 0) {
      const { created, updated } = await upsert(products);
      result.created += created;
      result.updated += updated;
      result.skipped += products.length - created - updated;
    }
    progress(end);
  }
  return result;
}
