import { CFB, read, type WorkSheet } from '@e965/xlsx';
import { inspectOfficeZip, OFFICE_MAIN_PARTS } from './office-zip';

/** Why a workbook could not be read: not a workbook at all, locked with a password, or a zip bomb. */
export type WorkbookReadFailure = 'wrong_kind' | 'password' | 'too_large';

export class WorkbookReadError extends Error {
  constructor(readonly reason: WorkbookReadFailure) {
    super(`The workbook could not be read (${reason})`);
  }
}

export interface WorkbookSheet {
  name: string;
  /** Dense: rows of cells, as SheetJS's `dense: true` gives them. */
  sheet: WorkSheet;
}

/**
 * The sheets of an xlsx or xls, read by SheetJS (@e965/xlsx) after the container is checked: an xlsx as a
 * zip (inspectOfficeZip), so a zip bomb is refused before SheetJS inflates anything; an xls as an OLE file
 * with a workbook in it (SheetJS would otherwise read any bytes as text). Office also wraps a
 * password-protected xlsx in an OLE file (EncryptionInfo, EncryptedPackage). At most `maxRows` rows of
 * each sheet are read. Throws WorkbookReadError.
 */
export function readWorkbook(bytes: Buffer, { maxRows }: { maxRows: number }): WorkbookSheet[] {
  if (bytes[0] === 0x50) checkZip(bytes);
  else checkOle(bytes);
  try {
    // Dense sheets (rows of cells) are what readers walk; formulas, styles and HTML are not needed.
    const book = read(bytes, {
      type: 'buffer',
      dense: true,
      sheetRows: maxRows,
      cellFormula: false,
      cellHTML: false,
    });
    return book.SheetNames.map((name) => ({ name, sheet: book.Sheets[name] }));
  } catch (error) {
    throw new WorkbookReadError(/password|encrypt/i.test(String(error)) ? 'password' : 'wrong_kind');
  }
}

function checkZip(bytes: Buffer): void {
  const verdict = inspectOfficeZip(bytes, OFFICE_MAIN_PARTS.xlsx);
  if (verdict !== 'ok') throw new WorkbookReadError(verdict);
}

function checkOle(bytes: Buffer): void {
  const streams = oleStreams(bytes);
  if (!streams) throw new WorkbookReadError('wrong_kind');
  if (streams.has('EncryptionInfo')) throw new WorkbookReadError('password');
  if (!streams.has('Workbook') && !streams.has('Book')) throw new WorkbookReadError('wrong_kind');
}

/** The stream names of an OLE container (Excel 97, or an Office file encrypted with a password); undefined if it is not one. */
function oleStreams(bytes: Buffer): { has(name: string): boolean } | undefined {
  let container: unknown;
  try {
    container = CFB.read(bytes, { type: 'buffer' });
  } catch {
    return undefined;
  }
  return { has: (name: string) => CFB.find(container, name) !== null };
}

/** An Office document (Word, Excel) encrypted with a password: an OLE container holding EncryptionInfo. */
export function isEncryptedOfficeFile(bytes: Buffer): boolean {
  return oleStreams(bytes)?.has('EncryptionInfo') ?? false;
}
