import { CATALOGUE_FILE_RULE, DomainException, ErrorCode, MAX_IMPORT_ROWS } from '@parley/contracts';

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
