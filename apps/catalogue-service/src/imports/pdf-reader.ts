import { CATALOGUE_FILE_RULE, DomainException, ErrorCode } from '@parley/contracts';
import { PdfReadError, type PdfReadFailure, type PdfTextItem, readPdfText } from '@parley/server-kit';
import { unreadable } from './import-errors';

const MESSAGES: Record<PdfReadFailure, string> = {
  password: 'The PDF is password-protected. Remove the password and upload it again.',
  unreadable: 'The PDF could not be read. Please check the file, or upload the catalogue as an Excel file.',
  no_text:
    'The PDF has no text to read: it looks like scanned images. Please upload a PDF with selectable text, or an Excel file.',
  too_complex:
    'The PDF is too complex to read. Please upload a simpler PDF, or the catalogue as an Excel file.',
};

/**
 * The text runs of a catalogue PDF (server-kit's readPdfText), with a PDF that cannot be read refused in
 * the catalogue's words: 413 when it is too heavy to read, else 400, naming the upload field.
 */
export async function readCataloguePdf(bytes: Buffer): Promise<PdfTextItem[][]> {
  try {
    return await readPdfText(bytes);
  } catch (error) {
    if (!(error instanceof PdfReadError)) throw error;
    if (error.reason !== 'too_complex') throw unreadable(MESSAGES[error.reason]);
    throw new DomainException(ErrorCode.PayloadTooLarge, MESSAGES.too_complex, {
      field: CATALOGUE_FILE_RULE.fieldName,
    });
  }
}
