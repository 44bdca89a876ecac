import { CATALOGUE_FILE_RULE, DomainException, ErrorCode } from '@parley/contracts';
import { checkFileBytes, fileKindOf, type ReadOwner } from '@parley/server-kit';
import type { CatalogueTable } from './catalogue-table';
import { unreadable } from './import-errors';
import { pdfTable } from './pdf-table';
import { readCataloguePdf } from './pdf-reader';
import { readSpreadsheet } from './spreadsheet-reader';

/**
 * A catalogue file as rows, whatever its kind, after the checks that refuse the file as a whole: its bytes
 * must be the kind its name or media type claims (the gateway checked this too; a service never trusts its
 * caller), within the size limit, and then readable as that kind (see the readers), within the owner's
 * reading budget when `owner` is given. Nothing is stored
 * before this answers.
 */
export async function readCatalogue(
  bytes: Buffer,
  file: { name: string; type: string },
  owner?: ReadOwner,
): Promise<CatalogueTable> {
  if (!checkFileBytes(CATALOGUE_FILE_RULE, file, bytes).ok)
    throw unreadable(CATALOGUE_FILE_RULE.invalidTypeMessage);
  if (bytes.length > CATALOGUE_FILE_RULE.maxBytes) {
    throw new DomainException(ErrorCode.PayloadTooLarge, CATALOGUE_FILE_RULE.tooLargeMessage, {
      field: CATALOGUE_FILE_RULE.fieldName,
    });
  }
  const kind = fileKindOf(bytes);
  if (kind === 'pdf') return pdfTable(await readCataloguePdf(bytes, owner));
  return readSpreadsheet(bytes, owner);
}
