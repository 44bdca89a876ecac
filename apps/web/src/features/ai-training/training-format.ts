import { type KnowledgeItemResponse, type KnowledgePriority, UPLOAD_MEDIA_TYPES } from '@parley/contracts';

/** The kinds of training document (spec 001 §5), as the list names them. */
export type DocumentKind = 'pdf' | 'word' | 'excel' | 'text' | 'other';

const KIND_OF_EXTENSION: Record<string, DocumentKind> = {
  pdf: 'pdf',
  docx: 'word',
  xlsx: 'excel',
  xls: 'excel',
  txt: 'text',
};

const EXTENSION_OF_MEDIA_TYPE = new Map<string, string>(
  Object.entries(UPLOAD_MEDIA_TYPES).map(([extension, mediaType]) => [mediaType, extension]),
);

/** The document's kind from its stored type (a media type or an extension), else from its name. */
export function documentKind(fileType: string, originalName: string): DocumentKind {
  const type = fileType.trim().toLowerCase().replace(/^\./, '');
  const fromType = KIND_OF_EXTENSION[EXTENSION_OF_MEDIA_TYPE.get(type) ?? type];
  if (fromType) return fromType;
  const dot = originalName.lastIndexOf('.');
  return (dot === -1 ? undefined : KIND_OF_EXTENSION[originalName.slice(dot + 1).toLowerCase()]) ?? 'other';
}

/**
 * A file size the reader's way: "850 bytes", "12.4 kB", "3.2 MB" (1 kB = 1024 bytes, like the 10 MB limit).
 * Bytes and Arabic units are written out: CLDR's short forms there ("byte", "م.ب") read oddly.
 */
export function formatFileSize(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte'] as const;
  let value = Math.max(bytes, 0);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: unit === 0 || language === 'ar' ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** Spec 001 §9: priority 3 shows the default badge, 4 or more the destructive one, 1 and 2 a quiet one. */
export type PriorityBadge = 'secondary' | 'default' | 'destructive';

export function priorityBadge(priority: KnowledgePriority): PriorityBadge {
  if (priority >= 4) return 'destructive';
  return priority === 3 ? 'default' : 'secondary';
}

/** The knowledge search: case-insensitive, over title, content and tags. A blank search keeps everything. */
export function matchesKnowledgeSearch(item: KnowledgeItemResponse, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (needle === '') return true;
  return [item.title, item.content, ...item.tags].some((text) => text.toLocaleLowerCase().includes(needle));
}
