import { MAX_IMPORT_ROWS } from '@parley/contracts';
import {
  columnsOf,
  HEADER_SCAN_ROWS,
  isHeader,
  missingColumnsMessage,
  NO_HEADER_MESSAGE,
} from './catalogue-header';
import type { CatalogueTable, ProductColumn, SourceRow } from './catalogue-table';
import { tooManyRows, unreadable } from './import-errors';
import type { PdfTextItem } from '@parley/server-kit';

/** Text runs on one line of a page, joined into cells where the gap between them is small. */
interface Line {
  page: number;
  y: number;
  height: number;
  cells: Cell[];
}

interface Cell {
  text: string;
  x0: number;
  x1: number;
}

/** A header cell: where it is, and the product field it names (none for a column we do not import). */
interface HeaderCell extends Cell {
  column?: ProductColumn;
}

/** Runs further apart than this (in font heights) are different cells; closer ones are words of one cell. */
const CELL_GAP = 0.8;
/** Runs further apart than this (in font heights) have a space between them. */
const WORD_GAP = 0.15;
/** A line this close under a product row (in line heights) that fills neither name nor price continues it. */
const CONTINUATION_GAP = 1.8;

/**
 * A PDF price list as rows: its text runs grouped into lines by their height on the page, the header
 * found as in a spreadsheet (a line naming a name and a price column), and each cell below it given to
 * the header cell it sits under (the one it overlaps most, else the nearest). The table may run over
 * several pages, repeating its header on each. A line with neither a name nor a price just under a row
 * continues that row (a wrapped description); other lines with only one cell (titles, page numbers) are
 * not products. Row numbers count the table's rows from 1, as the PDF has no row numbers of its own.
 */
export function pdfTable(pages: PdfTextItem[][]): CatalogueTable {
  const lines = pages.flatMap((items, page) => linesOf(items, page + 1));
  const headerAt = lines.slice(0, HEADER_SCAN_ROWS).findIndex((line) => isHeader(columnsOf(textsOf(line))));
  if (headerAt === -1) throw unreadable(NO_HEADER_MESSAGE);
  const headerLine = lines[headerAt];
  const columns = columnsOf(textsOf(headerLine));
  const missing = missingColumnsMessage(columns, `page ${headerLine.page}`);
  if (missing) throw unreadable(missing);
  const header: HeaderCell[] = headerLine.cells.map((cell, position) => ({
    ...cell,
    column: (Object.keys(columns) as ProductColumn[]).find((c) => columns[c] === position),
  }));

  const rows: SourceRow[] = [];
  let previous: { row: SourceRow; line: Line } | undefined;
  for (const line of lines.slice(headerAt + 1)) {
    if (isHeader(columnsOf(textsOf(line)))) continue;
    const cells: SourceRow['cells'] = {};
    for (const cell of line.cells) {
      const column = headerCellUnder(cell, header).column;
      if (column !== undefined) cells[column] = joined(cells[column], cell.text);
    }
    const filled = Object.keys(cells).length;
    if (previous && cells.name === undefined && cells.price === undefined && continues(previous.line, line)) {
      for (const [column, text] of Object.entries(cells) as [ProductColumn, string][]) {
        previous.row.cells[column] = joined(previous.row.cells[column], text);
      }
      previous.line = line;
    } else if (filled >= 2) {
      previous = { row: { row: rows.length + 1, cells }, line };
      rows.push(previous.row);
      if (rows.length > MAX_IMPORT_ROWS) throw tooManyRows();
    }
  }
  return { rows };
}

function textsOf(line: Line): string[] {
  return line.cells.map((cell) => cell.text);
}

function joined(before: unknown, text: string): string {
  return before === undefined ? text : `${String(before)} ${text}`;
}

/** The same page, and close below: PDF y grows upwards. */
function continues(row: Line, line: Line): boolean {
  return line.page === row.page && row.y - line.y <= CONTINUATION_GAP * Math.max(row.height, line.height);
}

/** The header cell a cell sits under: the one it overlaps most horizontally, else the nearest. */
function headerCellUnder(cell: Cell, header: HeaderCell[]): HeaderCell {
  let best = header[0];
  let bestScore = -Infinity;
  for (const candidate of header) {
    // Positive: how much the two overlap; negative: how far apart they are.
    const score = Math.min(cell.x1, candidate.x1) - Math.max(cell.x0, candidate.x0);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** A page's text runs as lines, top to bottom, each line's runs left to right and joined into cells. */
function linesOf(items: PdfTextItem[], page: number): Line[] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const lines: { y: number; height: number; items: PdfTextItem[] }[] = [];
  for (const item of sorted) {
    const line = lines.at(-1);
    // Runs of one line share a baseline, give or take a superscript or a rounding.
    if (line && line.y - item.y <= Math.max(2, Math.min(line.height, item.height) / 2)) {
      line.items.push(item);
      line.height = Math.max(line.height, item.height);
    } else {
      lines.push({ y: item.y, height: item.height, items: [item] });
    }
  }
  return lines.map(({ y, height, items: runs }) => ({ page, y, height, cells: cellsOf(runs, height) }));
}

function cellsOf(runs: PdfTextItem[], height: number): Cell[] {
  const groups: PdfTextItem[][] = [];
  for (const run of [...runs].sort((a, b) => a.x - b.x)) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    if (group && last && run.x - (last.x + last.width) <= CELL_GAP * height) group.push(run);
    else groups.push([run]);
  }
  return groups.map((group) => ({
    text: textOfRuns(group, height),
    x0: group[0].x,
    x1: Math.max(...group.map((run) => run.x + run.width)),
  }));
}

/**
 * The runs of one cell (left to right) as text, with a space where they are further apart than letters
 * are (some PDFs place every word, or every letter, on its own). A right-to-left cell (Arabic) is read
 * from its rightmost run.
 */
function textOfRuns(runs: PdfTextItem[], height: number): string {
  const rightToLeft = RIGHT_TO_LEFT.test(runs[0].text);
  const ordered = rightToLeft ? [...runs].reverse() : runs;
  return ordered
    .map((run, i) => {
      const before = ordered[i - 1];
      if (before === undefined) return run.text.trim();
      const gap = rightToLeft ? before.x - (run.x + run.width) : run.x - (before.x + before.width);
      return (gap > WORD_GAP * height ? ' ' : '') + run.text.trim();
    })
    .join('');
}

/** Text whose first letter is Arabic or Hebrew. */
const RIGHT_TO_LEFT = /^[^\p{L}]*[\u0590-\u08ff]/u;
