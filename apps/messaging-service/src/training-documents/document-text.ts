import type { CellObject } from '@e965/xlsx';
import {
  PdfReadError,
  type PdfTextItem,
  readPdfText,
  readWorkbook,
  WorkbookReadError,
  inspectOfficeZip,
  isEncryptedOfficeFile,
  OFFICE_MAIN_PARTS,
} from '@parley/server-kit';
import mammoth from 'mammoth';
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
 * A document's text as headings and paragraphs, read with the library for its kind: pdf.js (server-kit's
 * readPdfText, in a worker thread), mammoth for Word, SheetJS for Excel, and our own decoding for text
 * files. A file that cannot be read throws UnreadableDocument with a sentence for its owner.
 */
export async function documentBlocks(bytes: Buffer, kind: DocumentKind): Promise<TextBlock[]> {
  switch (kind) {
    case 'pdf':
      return pdfBlocks(bytes);
    case 'docx':
      return wordBlocks(bytes);
    case 'xlsx':
    case 'xls':
      return workbookBlocks(bytes);
    case 'txt':
      return blocksOfPlainText(decodeText(bytes));
  }
}

const PDF_ERRORS = {
  password: DOCUMENT_ERRORS.pdfPassword,
  unreadable: DOCUMENT_ERRORS.pdfDamaged,
  no_text: DOCUMENT_ERRORS.noText,
  too_complex: DOCUMENT_ERRORS.pdfTooComplex,
} as const;

async function pdfBlocks(bytes: Buffer): Promise<TextBlock[]> {
  let pages: PdfTextItem[][];
  try {
    pages = await readPdfText(bytes);
  } catch (error) {
    if (error instanceof PdfReadError) throw new UnreadableDocument(PDF_ERRORS[error.reason]);
    throw error;
  }
  return blocksOfParagraphs(pdfParagraphs(pages), ' ');
}

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

/** Word's Title style is a heading too; images are dropped (their bytes would only swell the HTML). */
const WORD_OPTIONS = {
  styleMap: ["p[style-name='Title'] => h1:fresh", "p[style-name='Subtitle'] => h2:fresh"],
  convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
  externalFileAccess: false,
};

/**
 * A Word document through mammoth's HTML, which keeps what the text needs: h1–h6 for the document's
 * headings, p and li for its paragraphs, tr for table rows (cells joined with ` | `). A paragraph in bold
 * alone, short, is a heading as people often make them. The zip is checked first (a bomb never reaches
 * mammoth, which inflates every part in memory).
 */
async function wordBlocks(bytes: Buffer): Promise<TextBlock[]> {
  // Word keeps a password-protected document in an OLE container (fileKindOf takes it for a docx).
  if (isEncryptedOfficeFile(bytes)) throw new UnreadableDocument(DOCUMENT_ERRORS.wordPassword);
  const verdict = inspectOfficeZip(bytes, OFFICE_MAIN_PARTS.docx);
  if (verdict === 'too_large') throw new UnreadableDocument(DOCUMENT_ERRORS.unpacksTooLarge);
  if (verdict === 'wrong_kind') throw new UnreadableDocument(DOCUMENT_ERRORS.wordDamaged);
  let html: string;
  try {
    html = (await mammoth.convertToHtml({ buffer: bytes }, WORD_OPTIONS)).value;
  } catch {
    throw new UnreadableDocument(DOCUMENT_ERRORS.wordDamaged);
  }
  return htmlBlocks(html);
}

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
function workbookBlocks(bytes: Buffer): TextBlock[] {
  let sheets;
  try {
    sheets = readWorkbook(bytes, { maxRows: MAX_SHEET_ROWS });
  } catch (error) {
    if (!(error instanceof WorkbookReadError)) throw error;
    throw new UnreadableDocument(
      error.reason === 'password'
        ? DOCUMENT_ERRORS.spreadsheetPassword
        : error.reason === 'too_large'
          ? DOCUMENT_ERRORS.unpacksTooLarge
          : DOCUMENT_ERRORS.spreadsheetDamaged,
    );
  }
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
