import { type PdfTextItem, type ReadOwner, readPdfText, UploadReadError } from '@parley/server-kit';
import { refusedRead } from './import-errors';

/**
 * The text runs of a catalogue PDF (server-kit's readPdfText, in a child process with memory and time
 * limits), with a PDF that cannot be read refused in the catalogue's words (see refusedRead).
 */
export async function readCataloguePdf(bytes: Buffer, owner?: ReadOwner): Promise<PdfTextItem[][]> {
  try {
    return await readPdfText(bytes, { owner });
  } catch (error) {
    if (!(error instanceof UploadReadError)) throw error;
    throw refusedRead(error.reason, 'pdf');
  }
}
