/**
 * A document that cannot become passages, for a reason its owner can act on: the message is shown on the
 * document as its processingError. The job does not retry it (the file will not change).
 */
export class UnreadableDocument extends Error {}

/** The sentences an owner reads on a failed document. */
export const DOCUMENT_ERRORS = {
  pdfPassword: 'This PDF is password-protected. Please upload it without a password.',
  pdfDamaged:
    "We couldn't read this PDF. It may be damaged: please open it, save it again and upload the new copy.",
  pdfTooComplex:
    'This PDF is too complex for us to read. Please save it as a simpler PDF, or upload it as a Word or text file.',
  wordPassword: 'This Word document is password-protected. Please upload it without a password.',
  wordDamaged:
    "We couldn't read this Word document. It may be damaged: please open it in Word, save it again and upload the new copy.",
  spreadsheetPassword: 'This spreadsheet is password-protected. Please upload it without a password.',
  spreadsheetDamaged:
    "We couldn't read this spreadsheet. It may be damaged: please open it in Excel, save it again and upload the new copy.",
  unpacksTooLarge:
    'This file unpacks to far more than its size, so we could not read it. Please save it again and upload the new copy.',
  readBudget:
    'Your account has had too many large files read in the last hour. Please upload this document again later.',
  noText: "We couldn't find any text in this file. Scanned documents aren't supported yet.",
  tooMuchText: 'This document has too much text for one upload. Please split it into smaller files.',
  /** After the job's last attempt failed for a reason of ours, not the file's. */
  unexpected: 'Something went wrong while reading this document. Please delete it and upload it again.',
} as const;
