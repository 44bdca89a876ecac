import { crc32, inflateRawSync } from 'node:zlib';

/**
 * A strict reader of the zip archives uploads arrive in (xlsx, docx), and the only one that ever sees their
 * bytes: readers (SheetJS, mammoth's JSZip) each parse a zip their own way (SheetJS counts the entries of
 * the end record's "on this disk" field and trusts each local header; JSZip reads every directory record
 * it finds, however many the end record declares), so an archive they read differently from a check can
 * carry a bomb past it. This reader refuses any archive whose parts could be read two ways, inflates each
 * part with a cap at its declared size, and the readers get a stored (uncompressed) copy written from what
 * it read: one parse, and nothing left for a reader to inflate.
 */

/** Why an archive is refused: it could be read more than one way or is damaged, is encrypted, or unpacks past the budget. */
export type ZipRefusal = 'malformed' | 'encrypted' | 'too_large';

export class ZipArchiveError extends Error {
  constructor(
    readonly reason: ZipRefusal,
    /** What was wrong, for logs and tests; never shown to an owner. */
    readonly detail: string,
  ) {
    super(`Zip archive refused (${reason}): ${detail}`);
  }
}

export interface ZipLimits {
  /** The most parts an archive may hold. */
  maxEntries: number;
  /** The most its parts may unpack to, together. */
  maxUnpackedBytes: number;
}

/** One part as the central directory declares it, checked against its local header. */
export interface ZipEntryInfo {
  name: string;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  /** Where its compressed bytes start. */
  dataStart: number;
}

/** One part, unpacked. */
export interface ZipPart {
  name: string;
  data: Buffer;
}

const END_OF_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const ZIP64_EXTRA = 0x0001;
const STORED = 0;
const DEFLATED = 8;
/** Traditional or strong encryption, or a masked (encrypted) directory. */
const ENCRYPTION_FLAGS = 0x0001 | 0x0040 | 0x2000;
const HAS_DATA_DESCRIPTOR = 0x0008;
const UTF8_NAMES = 0x0800;
const MAX_COMMENT = 0xffff;

function refuse(reason: ZipRefusal, detail: string): never {
  throw new ZipArchiveError(reason, detail);
}

/**
 * The parts of an archive from its central directory, every one checked against its local header,
 * without inflating anything. Refused (ZipArchiveError) unless the archive reads exactly one way:
 * - one end record, ending the file (its comment runs to the last byte and holds no second end record),
 *   on disk 0, its two entry counts equal, no ZIP64 record or field;
 * - the central directory starts where the end record says, holds exactly the records the end record
 *   counts in exactly the bytes it declares, and ends where the end record starts;
 * - every local header agrees with its directory record (name bytes, flags, method, and sizes and CRC
 *   unless a data descriptor follows, which must then agree);
 * - the parts, their headers and descriptors tile the bytes before the directory: no gap, no overlap,
 *   nothing before the first or after the last (no data outside the declared entries);
 * - no name twice (ignoring case, `\` for `/` and leading slashes), no encryption, only stored or
 *   deflated parts, at most `maxEntries` of them, declaring at most `maxUnpackedBytes` together.
 */
export function zipDirectory(zip: Buffer, limits: ZipLimits): ZipEntryInfo[] {
  const end = endRecordOf(zip);
  const diskNumber = zip.readUInt16LE(end + 4);
  const directoryDisk = zip.readUInt16LE(end + 6);
  const countOnDisk = zip.readUInt16LE(end + 8);
  const count = zip.readUInt16LE(end + 10);
  const directorySize = zip.readUInt32LE(end + 12);
  const directoryStart = zip.readUInt32LE(end + 16);
  if (diskNumber !== 0 || directoryDisk !== 0) refuse('malformed', 'spans several disks');
  if (countOnDisk !== count) refuse('malformed', `end record counts ${countOnDisk} and ${count} entries`);
  if (count === 0xffff || directorySize === 0xffffffff || directoryStart === 0xffffffff)
    refuse('malformed', 'ZIP64 end record');
  if (end >= 20 && zip.readUInt32LE(end - 20) === ZIP64_END_LOCATOR) refuse('malformed', 'ZIP64 locator');
  if (count === 0) refuse('malformed', 'no entries');
  if (count > limits.maxEntries) refuse('too_large', `${count} entries`);
  if (directoryStart + directorySize !== end)
    refuse('malformed', 'the central directory does not end where the end record starts');

  const entries: (ZipEntryInfo & { localOffset: number; end: number })[] = [];
  const names = new Set<string>();
  let declared = 0;
  let at = directoryStart;
  while (at < end) {
    if (at + 46 > end || zip.readUInt32LE(at) !== DIRECTORY_ENTRY)
      refuse('malformed', `no directory record at ${at}`);
    const flags = zip.readUInt16LE(at + 8);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const next = at + 46 + nameLength + extraLength + commentLength;
    if (next > end) refuse('malformed', 'a directory record runs past the directory');
    if (zip.readUInt16LE(at + 34) !== 0) refuse('malformed', 'a part on another disk');
    const nameBytes = zip.subarray(at + 46, at + 46 + nameLength);
    checkExtraField(zip.subarray(at + 46 + nameLength, at + 46 + nameLength + extraLength));
    const entry = {
      name: nameBytes.toString(flags & UTF8_NAMES ? 'utf8' : 'latin1'),
      method: zip.readUInt16LE(at + 10),
      crc: zip.readUInt32LE(at + 16),
      compressedSize: zip.readUInt32LE(at + 20),
      size: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      dataStart: 0,
      end: 0,
    };
    if (flags & ENCRYPTION_FLAGS) refuse('encrypted', `${entry.name} is encrypted`);
    if (entry.method !== STORED && entry.method !== DEFLATED)
      refuse('malformed', `${entry.name} uses compression method ${entry.method}`);
    if (entry.method === STORED && entry.compressedSize !== entry.size)
      refuse('malformed', `${entry.name} is stored with two sizes`);
    if (nameLength === 0 || nameBytes.includes(0)) refuse('malformed', 'a part without a proper name');
    const key = entry.name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
    if (names.has(key)) refuse('malformed', `${entry.name} appears twice`);
    names.add(key);
    if (entries.length === count) refuse('malformed', `more directory records than the ${count} declared`);
    const local = localHeaderOf(zip, entry.localOffset, directoryStart, { flags, nameBytes, ...entry });
    entry.dataStart = local.dataStart;
    entry.end = local.end;
    entries.push(entry);
    declared += entry.size;
    at = next;
  }
  if (entries.length !== count)
    refuse('malformed', `the end record counts ${count} entries, the directory holds ${entries.length}`);
  if (declared > limits.maxUnpackedBytes) refuse('too_large', `declares ${declared} bytes unpacked`);

  let expected = 0;
  for (const entry of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    if (entry.localOffset !== expected)
      refuse(
        'malformed',
        `${entry.name} starts at ${entry.localOffset}, not ${expected}: overlap or hidden data`,
      );
    expected = entry.end;
  }
  if (expected !== directoryStart) refuse('malformed', 'data between the last part and the directory');

  return entries.map(({ name, method, crc, compressedSize, size, dataStart }) => ({
    name,
    method,
    crc,
    compressedSize,
    size,
    dataStart,
  }));
}

/**
 * The end-of-central-directory record: the last occurrence of its signature, as readers look for it. It
 * must end the file exactly (a comment containing a second one, or bytes after it, would be read
 * differently by different readers).
 */
function endRecordOf(zip: Buffer): number {
  const lowest = Math.max(0, zip.length - 22 - MAX_COMMENT);
  for (let at = zip.length - 4; at >= lowest; at--) {
    if (zip.readUInt32LE(at) !== END_OF_DIRECTORY) continue;
    if (at + 22 > zip.length || at + 22 + zip.readUInt16LE(at + 20) !== zip.length)
      refuse('malformed', 'the end record does not end the file');
    return at;
  }
  return refuse('malformed', 'no end record');
}

/** An extra field must be well-formed blocks of (id, length, data), none of them ZIP64 sizes (SheetJS and JSZip honour those). */
function checkExtraField(extra: Buffer): void {
  let at = 0;
  while (at < extra.length) {
    if (at + 4 > extra.length) refuse('malformed', 'a truncated extra field');
    if (extra.readUInt16LE(at) === ZIP64_EXTRA) refuse('malformed', 'a ZIP64 extra field');
    at += 4 + extra.readUInt16LE(at + 2);
  }
  if (at !== extra.length) refuse('malformed', 'an extra field runs past its record');
}

interface DeclaredEntry {
  name: string;
  flags: number;
  nameBytes: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
}

/** Checks a part's local header against its directory record; answers where its data starts and where the part ends. */
function localHeaderOf(
  zip: Buffer,
  offset: number,
  limit: number,
  entry: DeclaredEntry,
): { dataStart: number; end: number } {
  if (offset + 30 > limit || zip.readUInt32LE(offset) !== LOCAL_HEADER)
    refuse('malformed', `${entry.name} has no local header`);
  const nameLength = zip.readUInt16LE(offset + 26);
  const extraLength = zip.readUInt16LE(offset + 28);
  const dataStart = offset + 30 + nameLength + extraLength;
  if (dataStart > limit) refuse('malformed', `${entry.name}'s local header runs into the directory`);
  if (!zip.subarray(offset + 30, offset + 30 + nameLength).equals(entry.nameBytes))
    refuse('malformed', `${entry.name} has another name in its local header`);
  if (zip.readUInt16LE(offset + 6) !== entry.flags || zip.readUInt16LE(offset + 8) !== entry.method)
    refuse('malformed', `${entry.name}'s local header disagrees with the directory`);
  checkExtraField(zip.subarray(offset + 30 + nameLength, dataStart));
  const descriptor = (entry.flags & HAS_DATA_DESCRIPTOR) !== 0;
  const local = [zip.readUInt32LE(offset + 14), zip.readUInt32LE(offset + 18), zip.readUInt32LE(offset + 22)];
  const central = [entry.crc, entry.compressedSize, entry.size];
  // With a data descriptor a writer may leave the local fields 0; otherwise they must be the directory's.
  if (local.some((value, i) => value !== central[i] && !(descriptor && value === 0)))
    refuse('malformed', `${entry.name}'s local sizes disagree with the directory`);
  let end = dataStart + entry.compressedSize;
  if (descriptor) {
    const signed = end + 4 <= limit && zip.readUInt32LE(end) === DATA_DESCRIPTOR ? 4 : 0;
    if (end + signed + 12 > limit) refuse('malformed', `${entry.name}'s data descriptor is missing`);
    const described = [0, 4, 8].map((i) => zip.readUInt32LE(end + signed + i));
    if (described.some((value, i) => value !== central[i]))
      refuse('malformed', `${entry.name}'s data descriptor disagrees with the directory`);
    end += signed + 12;
  }
  if (end > limit) refuse('malformed', `${entry.name} runs into the directory`);
  return { dataStart, end };
}

/**
 * Every part of the archive unpacked, after zipDirectory's checks: each deflated part is inflated with a
 * cap at its declared size (zlib stops there, so a part lying about its size costs no more than it
 * declares), and must use exactly its compressed bytes, come out at exactly its declared size and match
 * its CRC. Together the parts are at most `limits.maxUnpackedBytes`.
 */
export function unpackZip(zip: Buffer, limits: ZipLimits): ZipPart[] {
  return zipDirectory(zip, limits).map((entry) => ({ name: entry.name, data: unpackPart(zip, entry) }));
}

function unpackPart(zip: Buffer, entry: ZipEntryInfo): Buffer {
  const packed = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize);
  let data = packed;
  if (entry.method === DEFLATED) {
    try {
      const { buffer, engine } = inflateRawSync(packed, {
        maxOutputLength: Math.max(entry.size, 1),
        info: true,
      }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
      if (engine.bytesWritten !== packed.length)
        refuse('malformed', `${entry.name} has data after its stream`);
      data = buffer;
    } catch (error) {
      if (error instanceof ZipArchiveError) throw error;
      // More bytes than declared: the part lies about its size, the mark of a zip bomb.
      if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE')
        refuse('too_large', `${entry.name} unpacks past its declared ${entry.size} bytes`);
      refuse('malformed', `${entry.name} does not inflate`);
    }
  }
  if (data.length !== entry.size) refuse('malformed', `${entry.name} is not the size it declares`);
  if (crc32(data) !== entry.crc) refuse('malformed', `${entry.name} fails its CRC`);
  return data;
}

/**
 * An archive of these parts, stored (no compression), written by us: what the readers get. Its directory,
 * end record and local headers agree by construction, so whichever way a reader parses it, it reads
 * these parts, and it has nothing to inflate.
 */
export function storedZip(parts: readonly ZipPart[]): Buffer {
  return writeZip(
    parts.map(({ name, data }) => ({
      name,
      method: STORED,
      packed: data,
      crc: crc32(data),
      size: data.length,
    })),
  );
}

/** A part as written: its bytes as they go in the archive (`packed`), and what the archive declares of it. */
export interface ZipWriteEntry {
  name: string;
  method: typeof STORED | typeof DEFLATED;
  packed: Buffer;
  crc: number;
  /** The unpacked size the archive declares. */
  size: number;
}

/** A plain zip: local headers and data, then the central directory and the end record, all agreeing. */
export function writeZip(entries: readonly ZipWriteEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, method, packed, crc, size } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(UTF8_NAMES, at + 2);
      header.writeUInt16LE(method, at + 4);
      header.writeUInt32LE(0, at + 6); // time and date
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(size, at + 18);
      header.writeUInt16LE(nameBytes.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(LOCAL_HEADER, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(DIRECTORY_ENTRY, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_DIRECTORY, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}
