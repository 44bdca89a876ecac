import type { CellObject } from '@e965/xlsx';
import { MAX_IMPORT_ROWS, priceCurrencies } from '@parley/contracts';
import { type ReadOwner, readWorkbook, UploadReadError, type WorkbookSheet } from '@parley/server-kit';
import {
  columnsOf,
  HEADER_SCAN_ROWS,
  type HeaderColumns,
  isHeader,
  missingColumnsMessage,
  NO_HEADER_MESSAGE,
} from './catalogue-header';
import type { CatalogueTable, CellValue, ProductColumn, SourceRow } from './catalogue-table';
import { refusedRead, tooManyRows, unreadable } from './import-errors';

/** Enough rows to hold the header and one row more than a file may have; SheetJS reads no further. */
const SHEET_ROWS = HEADER_SCAN_ROWS + MAX_IMPORT_ROWS + 1;

/**
 * An xlsx or xls catalogue as rows, read by server-kit's readWorkbook (in a child process with memory and
 * time limits, after its strict zip reader: a zip bomb, or a zip readers could read two ways, is refused
 * before SheetJS reads it). The first sheet whose first HEADER_SCAN_ROWS rows hold a header is the
 * catalogue; row numbers are the ones Excel shows.
 */
export async function readSpreadsheet(bytes: Buffer, owner?: ReadOwner): Promise<CatalogueTable> {
  for (const { sheet } of await sheetsOf(bytes, owner)) {
    const cells = sheet['!data'] ?? [];
    const headerIndex = cells
      .slice(0, HEADER_SCAN_ROWS)
      .findIndex((row) => isHeader(columnsOf((row ?? []).map(textOf))));
    if (headerIndex === -1) continue;
    const columns = columnsOf((cells[headerIndex] ?? []).map(textOf));
    const missing = missingColumnsMessage(columns, `row ${headerIndex + 1}`);
    if (missing) throw unreadable(missing);
    return { rows: rowsBelow(cells, headerIndex, columns) };
  }
  throw unreadable(NO_HEADER_MESSAGE);
}

/** The workbook's sheets, or the file refused in the catalogue's words. */
async function sheetsOf(bytes: Buffer, owner: ReadOwner | undefined): Promise<WorkbookSheet[]> {
  try {
    return await readWorkbook(bytes, { maxRows: SHEET_ROWS, owner });
  } catch (error) {
    if (!(error instanceof UploadReadError)) throw error;
    throw refusedRead(error.reason, 'spreadsheet');
  }
}

/**
 * The rows under the header up to the last one with anything in a product column. A number price keeps the text
 * Excel shows beside it when that has a currency (a `"£"#,##0.00` format), for the currency check.
 */
function rowsBelow(cells: CellObject[][], headerIndex: number, columns: HeaderColumns): SourceRow[] {
  const rows: SourceRow[] = [];
  let last = -1;
  for (let r = headerIndex + 1; r < cells.length; r++) {
    const row = cells[r] ?? [];
    const source: SourceRow = { row: r + 1, cells: {} };
    let filled = false;
    for (const [column, position] of Object.entries(columns) as [ProductColumn, number][]) {
      const value = valueOf(row[position], column);
      if (value === undefined) continue;
      source.cells[column] = value;
      if (column === 'price' && typeof value === 'number') {
        const shown = textOf(row[position]);
        if (shown !== undefined && priceCurrencies(shown) !== undefined) source.priceText = shown;
      }
      filled ||= String(value).trim() !== '';
    }
    rows.push(source);
    if (filled) last = rows.length - 1;
  }
  rows.length = last + 1;
  if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
  return rows;
}

/** A price or a stock quantity keeps its number (and stock its TRUE/FALSE); anything else is the text Excel shows. */
function valueOf(cell: CellObject | undefined, column: ProductColumn): CellValue {
  if (cell === undefined || cell.v === undefined) return undefined;
  if ((column === 'price' || column === 'stock') && (cell.t === 'n' || cell.t === 'b'))
    return cell.v as number | boolean;
  return textOf(cell);
}

function textOf(cell: CellObject | undefined): string | undefined {
  if (cell === undefined || cell.v === undefined) return undefined;
  return cell.w ?? String(cell.v);
}
