import { CATALOGUE_FILE_RULE, DomainException, ErrorCode, MAX_IMPORT_ROWS } from '@parley/contracts';
import { MAX_UNPACKED_BYTES, UPLOAD_READ_LIMITS, type UploadReadFailure } from '@parley/server-kit';

/** A file refused as a whole (wrong kind, no product table, password-protected): a 400 naming the upload field. */
export function unreadable(message: string): DomainException {
  return new DomainException(ErrorCode.ValidationFailed, message, { field: CATALOGUE_FILE_RULE.fieldName });
}

export function tooManyRows(): DomainException {
  return new DomainException(
    ErrorCode.PayloadTooLarge,
    `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} product rows. Please split it into smaller files.`,
    { field: CATALOGUE_FILE_RULE.fieldName },
  );
}

const MB = 1024 * 1024;

/** What an owner reads when a file of a kind cannot be read, by why (server-kit's UploadReadFailure). */
const READ_MESSAGES: Record<'spreadsheet' | 'pdf', Record<UploadReadFailure, string>> = {
  spreadsheet: {
    wrong_kind: CATALOGUE_FILE_RULE.invalidTypeMessage,
    unreadable: CATALOGUE_FILE_RULE.invalidTypeMessage,
    no_text: CATALOGUE_FILE_RULE.invalidTypeMessage,
    password: 'The spreadsheet is password-protected. Remove the password and upload it again.',
    too_large: `The spreadsheet unpacks to more than ${MAX_UNPACKED_BYTES / MB} MB; it cannot be a product list. Please upload a smaller file.`,
    too_complex:
      'The spreadsheet is too complex to read. Please save it again with fewer sheets, or as a simpler file.',
    owner_budget: '',
  },
  pdf: {
    password: 'The PDF is password-protected. Remove the password and upload it again.',
    wrong_kind: 'The PDF could not be read. Please check the file, or upload the catalogue as an Excel file.',
    unreadable: 'The PDF could not be read. Please check the file, or upload the catalogue as an Excel file.',
    no_text:
      'The PDF has no text to read: it looks like scanned images. Please upload a PDF with selectable text, or an Excel file.',
    too_large: `The PDF expands past ${UPLOAD_READ_LIMITS.memoryBytes / MB} MB when read; it cannot be a product list. Please upload a simpler PDF, or the catalogue as an Excel file.`,
    too_complex:
      'The PDF is too complex to read. Please upload a simpler PDF, or the catalogue as an Excel file.',
    owner_budget: '',
  },
};

const OWNER_BUDGET_MESSAGE =
  'Your account has had too many large files read in the last hour. Please try again later.';

/**
 * A file server-kit's reader refused, as the owner's answer: 413 when it unpacks or grows past its budget
 * or takes too long, 429 when the owner's hourly reading budget is spent, else 400; each names the upload
 * field.
 */
export function refusedRead(reason: UploadReadFailure, kind: 'spreadsheet' | 'pdf'): DomainException {
  const field = { field: CATALOGUE_FILE_RULE.fieldName };
  switch (reason) {
    case 'owner_budget':
      return new DomainException(ErrorCode.RateLimited, OWNER_BUDGET_MESSAGE, field);
    case 'too_large':
    case 'too_complex':
      return new DomainException(ErrorCode.PayloadTooLarge, READ_MESSAGES[kind][reason], field);
    case 'wrong_kind':
    case 'password':
    case 'unreadable':
    case 'no_text':
      return unreadable(READ_MESSAGES[kind][reason]);
  }
}
