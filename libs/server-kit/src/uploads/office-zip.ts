import { zipDirectory } from './zip-archive';

/** The part every file of a kind has: the workbook of an xlsx, the document of a docx. */
export const OFFICE_MAIN_PARTS = { xlsx: 'xl/workbook.xml', docx: 'word/document.xml' } as const;

/**
 * The names of a zip's parts, from zip-archive's strict reading of its directory (sizes are not judged
 * here: the reader does); empty when the bytes are no zip that reads one way only.
 */
export function zipPartNames(zip: Buffer): string[] {
  try {
    return zipDirectory(zip, { maxEntries: 10_000, maxUnpackedBytes: Infinity }).map((entry) => entry.name);
  } catch {
    return [];
  }
}
