import type { CellObject } from '@e965/xlsx';
import {
  type PdfTextItem,
  readPdfText,
  type ReadOwner,
  readWordHtml,
  readWorkbook,
  UploadReadError,
  type UploadReadFailure,
  type WorkbookSheet,
} from '@parley/server-kit';
import { DOCUMENT_ERRORS, UnreadableDocument } from './document-errors';
import {
  blocksOfParagraphs,
  blocksOfPlainText,
  headingOf,
  type RawParagraph,
  type TextBlock,
} from './text-blocks';
import { decodeText } from './text-encoding';

/** The kinds of file a training document may be (TRAINING_DOCUMENT_RULE), as server-kit's fileKindOf names them. */
export type DocumentKind = 'pdf' | 'docx' | 'xlsx' | 'xls' | 'txt';

/** Rows read of each sheet: far more than any document's table, few enough to bound the work. */
const MAX_SHEET_ROWS = 100_000;

/**
 * A document's text as headings and paragraphs, read with the library for its kind by server-kit's
 * readers, each in a child process with memory and time limits and within the owner's reading budget:
 * pdf.js, mammoth for Word and SheetJS for Excel (both after the strict zip reader); and our own decoding
 * for text files. A file that cannot be read throws UnreadableDocument with a sentence for its owner.
 */
export async function documentBlocks(
  bytes: Buffer,
  kind: DocumentKind,
  owner?: ReadOwner,
): Promise<TextBlock[]> {
  try {
    switch (kind) {
      case 'pdf':
        return blocksOfParagraphs(pdfParagraphs(await readPdfText(bytes, { owner })), ' ');
      case 'docx':
        return htmlBlocks(await readWordHtml(bytes, { styleMap: WORD_STYLES, owner }));
      case 'xlsx':
      case 'xls':
        return workbookBlocks(await readWorkbook(bytes, { maxRows: MAX_SHEET_ROWS, owner }));
      case 'txt':
        return blocksOfPlainText(decodeText(bytes));
    }
  } catch (error) {
    if (error instanceof UploadReadError) throw new UnreadableDocument(READ_ERRORS[kind][error.reason]);
    throw error;
  }
}

/** What an owner reads when a document cannot be read, by its kind and why (server-kit's UploadReadFailure). */
const READ_ERRORS: Record<DocumentKind, Record<UploadReadFailure, string>> = (() => {
  const common = {
    too_large: DOCUMENT_ERRORS.unpacksTooLarge,
    no_text: DOCUMENT_ERRORS.noText,
    owner_budget: DOCUMENT_ERRORS.readBudget,
  };
  const pdf = {
    ...common,
    password: DOCUMENT_ERRORS.pdfPassword,
    wrong_kind: DOCUMENT_ERRORS.pdfDamaged,
    unreadable: DOCUMENT_ERRORS.pdfDamaged,
    too_complex: DOCUMENT_ERRORS.pdfTooComplex,
  };
  const word = {
    ...common,
    password: DOCUMENT_ERRORS.wordPassword,
    wrong_kind: DOCUMENT_ERRORS.wordDamaged,
    unreadable: DOCUMENT_ERRORS.wordDamaged,
    too_complex: DOCUMENT_ERRORS.wordDamaged,
  };
  const spreadsheet = {
    ...common,
    password: DOCUMENT_ERRORS.spreadsheetPassword,
    wrong_kind: DOCUMENT_ERRORS.spreadsheetDamaged,
    unreadable: DOCUMENT_ERRORS.spreadsheetDamaged,
    too_complex: DOCUMENT_ERRORS.spreadsheetDamaged,
  };
  return { pdf, docx: word, xlsx: spreadsheet, xls: spreadsheet, txt: spreadsheet };
})();

interface PdfLine {
  y: number;
  height: number;
  items: PdfTextItem[];
}

/**
 * A PDF's text runs as paragraphs: runs at one height on a page form a line (read left to right), and a
 * gap between lines of more than half a line's height, or a new page, starts a paragraph. A paragraph set
 * larger than most of the text (a fifth more than the median line) is marked `large`: a heading.
 */
export function pdfParagraphs(pages: readonly PdfTextItem[][]): RawParagraph[] {
  const pageLines = pages.map(linesOf);
  const heights = pageLines.flatMap((lines) => lines.map((l) => l.height)).sort((a, b) => a - b);
  const body = heights[Math.floor(heights.length / 2)] ?? 0;
  const paragraphs: RawParagraph[] = [];
  for (const lines of pageLines) {
    let current: RawParagraph | undefined;
    let previous: PdfLine | undefined;
    for (const line of lines) {
      const large = line.height > body * 1.2;
      const gap = previous ? previous.y - line.y - Math.max(previous.height, line.height) : 0;
      if (!current || gap > line.height * 0.5 || large !== current.large) {
        current = { lines: [], large };
        paragraphs.push(current);
      }
      current.lines.push(
        line.items
          .map((i) => i.text)
          .join(' ')
          .replace(/\s+/g, ' '),
      );
      previous = line;
    }
  }
  return paragraphs;
}

function linesOf(items: readonly PdfTextItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  for (const item of [...items].sort((a, b) => b.y - a.y || a.x - b.x)) {
    const line = lines.at(-1);
    if (line && Math.abs(line.y - item.y) <= Math.max(line.height, item.height) * 0.5) {
      line.items.push(item);
      line.height = Math.max(line.height, item.height);
    } else {
      lines.push({ y: item.y, height: item.height, items: [item] });
    }
  }
  for (const line of lines) line.items.sort((a, b) => a.x - b.x);
  return lines;
}

/**
 * Word's Title and Subtitle styles are headings too. mammoth's HTML keeps what the text needs: h1–h6 for
 * the document's headings, p and li for its paragraphs, tr for table rows (cells joined with ` | `); a
 * paragraph in bold alone, short, is a heading as people often make them (htmlBlocks).
 */
const WORD_STYLES = ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"];

const HTML_BLOCK = /<(h[1-6]|p|li|tr)\b[^>]*>([\s\S]*?)<\/\1>/g;
const BOLD_ONLY = /^\s*<strong>([^<]*)<\/strong>\s*$/;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };

/** mammoth's HTML (regular: few tags, no attributes on these) as blocks. */
export function htmlBlocks(html: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const [, tag, inner] of html.matchAll(HTML_BLOCK)) {
    const cells = tag === 'tr' ? inner.replace(/<\/t[dh]>(?=[\s\S]*<t[dh]\b)/g, ' | ') : inner;
    const text = textOfHtml(cells);
    if (text === '') continue;
    const bold = BOLD_ONLY.exec(inner);
    const heading =
      tag.startsWith('h') || (tag === 'p' && bold !== null && text.length <= 80)
        ? text
        : tag === 'p'
          ? headingOf(text)
          : undefined;
    blocks.push(heading !== undefined ? { kind: 'heading', text: heading } : { kind: 'paragraph', text });
  }
  return blocks;
}

function textOfHtml(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITIES[name])
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A workbook sheet by sheet: the sheet's name is a heading, its first row with anything in it the header,
 * and every row below a paragraph naming each value by its column (`Plan: Basic; Price: $10`), so a
 * passage of rows reads on its own.
 */
function workbookBlocks(sheets: readonly WorkbookSheet[]): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const { name, sheet } of sheets) {
    const rows = (sheet['!data'] ?? [])
      .map((row) => (row ?? []).map(cellText))
      .filter((row) => row.some((cell) => cell !== ''));
    if (rows.length === 0) continue;
    blocks.push({ kind: 'heading', text: name });
    const [header, ...body] = rows;
    if (body.length === 0) blocks.push({ kind: 'paragraph', text: header.filter(Boolean).join('; ') });
    for (const row of body) {
      const text = row
        .map((cell, i) => (cell === '' ? '' : header[i] ? `${header[i]}: ${cell}` : cell))
        .filter(Boolean)
        .join('; ');
      blocks.push({ kind: 'paragraph', text });
    }
  }
  return blocks;
}

function cellText(cell: CellObject | undefined): string {
  if (cell === undefined || cell.v === undefined) return '';
  return (cell.w ?? String(cell.v)).trim();
}
