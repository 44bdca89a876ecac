/** The product fields a catalogue file's columns can hold. */
export type ProductColumn = 'name' | 'description' | 'price' | 'category' | 'features' | 'stock';

/**
 * A cell as the readers hand it over: text as the file shows it, a number where the file holds one (a
 * spreadsheet's price or quantity), a spreadsheet's TRUE/FALSE, or nothing.
 */
export type CellValue = string | number | boolean | undefined;

/** One row below the header: its number as the owner sees it in the file, and its cells by column. */
export interface SourceRow {
  row: number;
  cells: Partial<Record<ProductColumn, CellValue>>;
  /** A number price cell as the file shows it, when that says more (a spreadsheet's currency format: `£28.00`). */
  priceText?: string;
}

/** A catalogue file read into rows: what every reader (spreadsheet, PDF) produces. */
export interface CatalogueTable {
  rows: SourceRow[];
}
