import type { WorkSheet } from '@e965/xlsx';
import type { ZipLimits } from './zip-archive';

/**
 * Why an uploaded file could not be read: not the kind it claims (or a damaged container), locked with a
 * password, unpacking past its budget (the archive's declared or actual size, or the reading process's
 * memory), over the time budget, unreadable by its library, no text at all (a scanned PDF), or its owner
 * has had too much read in the last window (OwnerReadBudget). Each caller words its own sentence.
 */
export type UploadReadFailure =
  'wrong_kind' | 'password' | 'too_large' | 'too_complex' | 'unreadable' | 'no_text' | 'owner_budget';

export interface WorkbookSheet {
  name: string;
  /** Dense: rows of cells, as SheetJS's `dense: true` gives them. */
  sheet: WorkSheet;
}

/** One run of text on a page, where pdf.js places it: x from the left, y from the bottom, in points. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The absolute paths of the reading libraries: the child has no node_modules beside it. */
export interface ReaderModules {
  xlsx: string;
  mammoth: string;
  pdfjs: string;
}

/** What the parent asks the child process (one request per process). */
export type ChildRequest =
  | { kind: 'workbook'; bytes: Uint8Array; modules: ReaderModules; zip: ZipLimits; maxRows: number }
  | { kind: 'word'; bytes: Uint8Array; modules: ReaderModules; zip: ZipLimits; styleMap: string[] }
  | { kind: 'pdf'; bytes: Uint8Array; modules: ReaderModules };

export type ChildValue = WorkbookSheet[] | string | PdfTextItem[][];

/** The child's one answer; `cost` is what the read took, in bytes, for the owner's budget. */
export type ChildAnswer =
  { ok: true; value: ChildValue; cost: number } | { ok: false; reason: UploadReadFailure };
