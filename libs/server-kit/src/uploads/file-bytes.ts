import { checkFile, type FileCheckResult, type FileRule, UPLOAD_MEDIA_TYPES } from '@parley/contracts';
import { OFFICE_MAIN_PARTS, zipPartNames } from './office-zip';

/** A kind of file an upload may hold, known by its first bytes. */
interface FileKind {
  extension: string;
  mediaType: string;
  /** Kinds of one family stand in for each other: Excel opens an xlsx named .xls and the other way round. */
  family: 'pdf' | 'spreadsheet' | 'document' | 'text';
  matches(bytes: Uint8Array): boolean;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const PDF = Buffer.from('%PDF-');
/** Readers (Acrobat, pdf.js) accept a PDF whose header is anywhere in its first 1024 bytes. */
const PDF_HEADER_WITHIN = 1024;
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

/** A zip with a Word document's main part; any other zip passes for an xlsx (its reader checks further). */
function isWordDocument(bytes: Uint8Array): boolean {
  if (!startsWith(bytes, ZIP)) return false;
  const names = zipPartNames(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  return names.some((name) => name.toLowerCase() === OFFICE_MAIN_PARTS.docx);
}

/**
 * Text has no signature: bytes are taken for text when they start with a UTF-16 byte order mark, or hold
 * no NUL byte at all (UTF-8 and Windows-1252 text never do; pictures, zips and Office files always do).
 */
function isText(bytes: Uint8Array): boolean {
  return UTF16_BOMS.some((bom) => startsWith(bytes, bom)) || !bytes.includes(0);
}

const DOCX: FileKind = {
  extension: 'docx',
  mediaType: UPLOAD_MEDIA_TYPES.docx,
  family: 'document',
  matches: isWordDocument,
};

const KINDS: readonly FileKind[] = [
  {
    extension: 'pdf',
    mediaType: UPLOAD_MEDIA_TYPES.pdf,
    family: 'pdf',
    matches: (bytes) => Buffer.from(bytes.subarray(0, PDF_HEADER_WITHIN)).includes(PDF),
  },
  DOCX,
  {
    extension: 'xlsx',
    mediaType: UPLOAD_MEDIA_TYPES.xlsx,
    family: 'spreadsheet',
    matches: (bytes) => startsWith(bytes, ZIP),
  },
  {
    extension: 'xls',
    mediaType: UPLOAD_MEDIA_TYPES.xls,
    family: 'spreadsheet',
    matches: (bytes) => startsWith(bytes, OLE),
  },
  // Last: only bytes that are none of the kinds above may be text.
  { extension: 'txt', mediaType: UPLOAD_MEDIA_TYPES.txt, family: 'text', matches: isText },
  // Never found by the bytes (txt comes first); an upload may claim it, as Excel's .xls may claim xlsx.
  { extension: 'csv', mediaType: UPLOAD_MEDIA_TYPES.csv, family: 'text', matches: isText },
];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((byte, i) => bytes[i] === byte);
}

/**
 * Word encrypts a password-protected .docx into an OLE container, the format of Excel 97 files: such bytes
 * that claim to be a Word document are taken for one, so that its reader can say it needs its password
 * instead of the upload being refused as the wrong type.
 */
function encryptedWord(file: { name: string; type: string }, bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, OLE) &&
    (file.name.toLowerCase().endsWith('.docx') || file.type === UPLOAD_MEDIA_TYPES.docx)
  );
}

function kindOf(bytes: Uint8Array, file?: { name: string; type: string }): FileKind | undefined {
  if (file && encryptedWord(file, bytes)) return DOCX;
  return KINDS.find((kind) => kind.matches(bytes));
}

/**
 * What the bytes are by their signature, as the extension of that kind (`pdf`, `docx`, `xlsx`, `xls`,
 * `txt`), if known; given the upload's name and type, an encrypted Word document is `docx`.
 */
export function fileKindOf(bytes: Uint8Array, file?: { name: string; type: string }): string | undefined {
  return kindOf(bytes, file)?.extension;
}

/**
 * The second half of an upload check, once the bytes are in (the first, `checkFile`, judges the name and
 * media type the browser declared): the bytes must be a kind the rule allows, and the kind the upload
 * claims to be by its extension or its media type. A PDF renamed `.xlsx`, or a PNG renamed `.pdf`, is
 * refused with the rule's invalid-type message. Only the signature is read here; whether the rest of
 * the file is sound is for the reader that parses it.
 */
export function checkFileBytes(
  rule: FileRule,
  file: { name: string; type: string },
  bytes: Uint8Array,
): FileCheckResult {
  const actual = kindOf(bytes, file);
  // What the upload claims, in the contracts' own terms: would the rule, narrowed to this kind, accept it?
  const claims = (kind: FileKind) =>
    checkFile(
      { ...rule, extensions: [kind.extension], mediaTypes: [kind.mediaType], maxBytes: Infinity },
      { ...file, size: 0 },
    ).ok;
  const consistent =
    actual !== undefined &&
    rule.extensions.includes(actual.extension) &&
    KINDS.some((kind) => kind.family === actual.family && claims(kind));
  return consistent ? { ok: true } : { ok: false, error: 'invalid_type', message: rule.invalidTypeMessage };
}
