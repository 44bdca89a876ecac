const MEGABYTE = 1024 * 1024;

/** Largest catalogue or training-document upload. */
export const MAX_UPLOAD_BYTES = 10 * MEGABYTE;

/** The media type of each kind of file an upload may hold, by extension. */
export const UPLOAD_MEDIA_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain',
  csv: 'text/csv',
} as const;
const { pdf: PDF, xlsx: XLSX, xls: XLS, docx: DOCX, txt: TXT, csv: CSV } = UPLOAD_MEDIA_TYPES;

export interface FileRule {
  /** The multipart field the file travels in. */
  readonly fieldName: string;
  /** Lower-case, without the dot. */
  readonly extensions: readonly string[];
  readonly mediaTypes: readonly string[];
  readonly maxBytes: number;
  /** For `<input type="file" accept>`. */
  readonly accept: string;
  readonly invalidTypeMessage: string;
  readonly tooLargeMessage: string;
}

/** What both a browser `File` and a server upload can describe. */
export interface FileDescription {
  name: string;
  /** Media type; may be empty when the browser does not know it. */
  type: string;
  size: number;
}

export type FileCheckResult =
  { ok: true } | { ok: false; error: 'invalid_type' | 'too_large'; message: string };

function fileRule(
  fieldName: string,
  extensions: readonly string[],
  mediaTypes: readonly string[],
  messages: Pick<FileRule, 'invalidTypeMessage' | 'tooLargeMessage'>,
): FileRule {
  const accept = [...extensions.map((extension) => `.${extension}`), ...mediaTypes].join(',');
  return { fieldName, extensions, mediaTypes, maxBytes: MAX_UPLOAD_BYTES, accept, ...messages };
}

/** POST /api/products/upload: a product catalogue as PDF or Excel. */
export const CATALOGUE_FILE_RULE = fileRule('catalog', ['pdf', 'xlsx', 'xls'], [PDF, XLSX, XLS], {
  invalidTypeMessage: 'Invalid File Type: Please upload a PDF or Excel file.',
  tooLargeMessage: 'File Too Large: Please upload a file smaller than 10MB.',
});

/** POST /api/ai/upload-document: a document the agent learns from. */
export const TRAINING_DOCUMENT_RULE = fileRule(
  'document',
  ['pdf', 'docx', 'xls', 'xlsx', 'txt'],
  [PDF, DOCX, XLS, XLSX, TXT],
  {
    invalidTypeMessage: 'Invalid File Type: Please upload PDF, Word, Excel, or text files only.',
    tooLargeMessage: 'File Too Large: Please upload files smaller than 10MB.',
  },
);

/**
 * POST /api/email/subscribers/import: a CSV of subscribers (UTF-8, comma or semicolon). A `.txt` is taken
 * too: its bytes are text all the same.
 */
export const SUBSCRIBER_CSV_RULE = fileRule('file', ['csv', 'txt'], [CSV, TXT], {
  invalidTypeMessage: 'Invalid File Type: Please upload a CSV file.',
  tooLargeMessage: 'File Too Large: Please upload a file smaller than 10MB.',
});

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** `text/plain; charset=utf-8` → `text/plain`. */
function essenceOf(mediaType: string): string {
  return mediaType.split(';')[0].trim().toLowerCase();
}

/** Accepted when the media type or the extension is allowed (browsers often send an empty or generic type). */
export function checkFile(rule: FileRule, file: FileDescription): FileCheckResult {
  const typeAllowed =
    rule.mediaTypes.includes(essenceOf(file.type)) || rule.extensions.includes(extensionOf(file.name));
  if (!typeAllowed) return { ok: false, error: 'invalid_type', message: rule.invalidTypeMessage };
  if (file.size > rule.maxBytes) return { ok: false, error: 'too_large', message: rule.tooLargeMessage };
  return { ok: true };
}

export function checkCatalogueFile(file: FileDescription): FileCheckResult {
  return checkFile(CATALOGUE_FILE_RULE, file);
}

export function checkSubscriberCsv(file: FileDescription): FileCheckResult {
  return checkFile(SUBSCRIBER_CSV_RULE, file);
}

export function checkTrainingDocument(file: FileDescription): FileCheckResult {
  return checkFile(TRAINING_DOCUMENT_RULE, file);
}
