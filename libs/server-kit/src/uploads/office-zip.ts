import { inflateRawSync } from 'node:zlib';

/**
 * The most an Office file (xlsx, docx) may unpack to. A 10 MB upload of text is a few tens of megabytes
 * of XML; the budget leaves room for pictures and styling, and keeps a zip bomb (a few kilobytes that
 * inflate to gigabytes) from ever reaching the library that reads it, which would inflate it all in memory.
 */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

/** More parts than any Office file has: such an archive is refused before anything is inflated. */
const MAX_ENTRIES = 10_000;

/** `wrong_kind`: no zip this reader handles, no `mainPart` in it, or parts that are not what they declare. */
export type OfficeZipVerdict = 'ok' | 'wrong_kind' | 'too_large';

/** The part every file of a kind has: the workbook of an xlsx, the document of a docx. */
export const OFFICE_MAIN_PARTS = { xlsx: 'xl/workbook.xml', docx: 'word/document.xml' } as const;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/**
 * Whether a zip is an Office file holding `mainPart` (see OFFICE_MAIN_PARTS) that unpacks within
 * MAX_UNPACKED_BYTES, checked before a reader (SheetJS, mammoth) sees it. The
 * sizes the archive declares may lie, so every part is inflated here with a cap of its declared size
 * (zlib stops at the cap), and must come out at exactly that size; the declared sizes together must fit
 * the budget. Parts are inflated one at a time and dropped, so memory never holds more than one.
 */
export function inspectOfficeZip(zip: Buffer, mainPart: string): OfficeZipVerdict {
  const entries = directoryOf(zip);
  if (entries === undefined) return 'wrong_kind';
  if (entries.length > MAX_ENTRIES) return 'too_large';
  const main = mainPart.toLowerCase();
  if (!entries.some((e) => e.name.toLowerCase() === main)) return 'wrong_kind';
  if (entries.reduce((sum, e) => sum + e.size, 0) > MAX_UNPACKED_BYTES) return 'too_large';
  for (const entry of entries) {
    const verdict = inflatesAsDeclared(zip, entry);
    if (verdict !== 'ok') return verdict;
  }
  return 'ok';
}

/** The names of a zip's parts, from its central directory; empty when the bytes are no zip this reader handles. */
export function zipPartNames(zip: Buffer): string[] {
  return directoryOf(zip)?.map((entry) => entry.name) ?? [];
}

/** The central directory's entries, or undefined when the bytes are no zip this reader handles. */
function directoryOf(zip: Buffer): Entry[] | undefined {
  const end = endOfDirectory(zip);
  if (end === undefined) return undefined;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) return undefined;
    const nameLength = zip.readUInt16LE(at + 28);
    const entry: Entry = {
      method: zip.readUInt16LE(at + 10),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
    };
    // ZIP64 (sizes of 4 GB and more) has no place in a 10 MB upload.
    if (entry.compressedSize === 0xffffffff || entry.size === 0xffffffff) return undefined;
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** The end-of-central-directory record: the last 22 bytes, unless a comment (at most 65 535 bytes) follows. */
function endOfDirectory(zip: Buffer): number | undefined {
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) return at;
  }
  return undefined;
}

function inflatesAsDeclared(zip: Buffer, entry: Entry): OfficeZipVerdict {
  const local = entry.localOffset;
  if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) return 'wrong_kind';
  const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
  if (start + entry.compressedSize > zip.length) return 'wrong_kind';
  const data = zip.subarray(start, start + entry.compressedSize);
  if (entry.method === STORED) return data.length === entry.size ? 'ok' : 'wrong_kind';
  if (entry.method !== DEFLATED) return 'wrong_kind';
  try {
    const inflated = inflateRawSync(data, { maxOutputLength: Math.max(entry.size, 1) });
    return inflated.length === entry.size ? 'ok' : 'wrong_kind';
  } catch (error) {
    // More bytes than declared: the archive lies about its sizes, the mark of a zip bomb.
    if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return 'too_large';
    return 'wrong_kind';
  }
}
