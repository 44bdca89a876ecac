import { read } from '@e965/xlsx';
import { spreadsheet, zip, zipBomb, zipWithDuplicatePart, zipWithUncountedPart } from '../testing/test-files';
import { OFFICE_MAIN_PARTS, zipPartNames } from './office-zip';
import { storedZip, unpackZip, type ZipRefusal, zipDirectory } from './zip-archive';

const LIMITS = { maxEntries: 10_000, maxUnpackedBytes: 64 * 1024 * 1024 };
const MB = 1024 * 1024;

/** What unpackZip says of these bytes: `ok`, or the reason it refuses them. */
function verdict(bytes: Buffer): 'ok' | ZipRefusal {
  try {
    unpackZip(bytes, LIMITS);
    return 'ok';
  } catch (error) {
    return (error as { reason: ZipRefusal }).reason;
  }
}

/** The central directory's records of an archive written by zip(): the offset of each. */
function directoryRecords(bytes: Buffer): number[] {
  const end = bytes.length - 22;
  const records: number[] = [];
  for (let at = bytes.readUInt32LE(end + 16); at < end; at += 46 + bytes.readUInt16LE(at + 28))
    records.push(at);
  return records;
}

describe('the strict zip reader', () => {
  const workbook = spreadsheet([['Name', 'Price']]);

  it('unpacks a real xlsx, and its stored copy reads the same in SheetJS', () => {
    const parts = unpackZip(workbook, LIMITS);
    expect(parts.map((p) => p.name)).toContain(OFFICE_MAIN_PARTS.xlsx);
    const copy = storedZip(parts);
    expect(unpackZip(copy, LIMITS)).toEqual(parts);
    const sheet = (bytes: Buffer) => read(bytes, { type: 'buffer', dense: true }).Sheets.Products['!data'];
    expect(sheet(copy)).toEqual(sheet(workbook));
  });

  it('refuses a zip bomb whether it declares its size or lies about it', () => {
    expect(verdict(zipBomb({ lie: false }))).toBe('too_large');
    expect(verdict(zipBomb({ lie: true }))).toBe('too_large');
  });

  it('refuses parts that are not what they declare, and bytes that are no zip', () => {
    expect(verdict(zip([{ name: 'a.xml', data: Buffer.from('<a/>'), declaredSize: 100 }]))).toBe('malformed');
    expect(verdict(Buffer.from('PK\x03\x04 and then nothing a zip would have'))).toBe('malformed');
  });

  it('refuses an end record whose "on this disk" count (SheetJS reads it) finds a part its total does not', () => {
    const bytes = zipWithUncountedPart(workbook, { name: 'xl/media/image1.png', zeros: 50 * MB }, 'total');
    expect(() => zipDirectory(bytes, LIMITS)).toThrow(/counts \d+ and \d+ entries/);
  });

  it('refuses a directory record after the ones the end record counts (JSZip, under mammoth, reads it)', () => {
    const word = zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    const bytes = zipWithUncountedPart(word, { name: 'word/media/image1.png', zeros: 50 * MB }, 'both');
    expect(() => zipDirectory(bytes, LIMITS)).toThrow(/more directory records than the 1 declared/);
    expect(zipPartNames(bytes)).toEqual([]);
  });

  it('refuses a name written twice, whatever its case', () => {
    const twice = zipWithDuplicatePart(workbook, 'xl/workbook.xml', Buffer.from('<workbook/>'));
    expect(() => zipDirectory(twice, LIMITS)).toThrow(/appears twice/);
    const cased = zip([
      { name: 'xl/workbook.xml', data: Buffer.from('<a/>') },
      { name: 'XL/Workbook.xml', data: Buffer.from('<b/>') },
    ]);
    expect(verdict(cased)).toBe('malformed');
  });

  it('refuses data outside the declared parts: before the first, between two, or parts sharing bytes', () => {
    const shifted = (extra: number) => {
      const bytes = Buffer.concat([Buffer.alloc(extra, 0x41), workbook]);
      const end = bytes.length - 22;
      bytes.writeUInt32LE(bytes.readUInt32LE(end + 16) + extra, end + 16);
      for (const at of directoryRecords(bytes))
        bytes.writeUInt32LE(bytes.readUInt32LE(at + 42) + extra, at + 42);
      return bytes;
    };
    expect(() => zipDirectory(shifted(100), LIMITS)).toThrow(/starts at 100, not 0/);

    const two = zip([
      { name: 'a.xml', data: Buffer.from('<a/>') },
      { name: 'b.xml', data: Buffer.from('<a/>') },
    ]);
    const [, second] = directoryRecords(two);
    const overlapping = Buffer.from(two);
    overlapping.writeUInt32LE(0, second + 42); // b.xml's record points at a.xml's bytes
    expect(verdict(overlapping)).toBe('malformed');
  });

  it('refuses an end record that does not end the file, or a comment hiding a second one', () => {
    expect(verdict(Buffer.concat([workbook, Buffer.from('trailing')]))).toBe('malformed');
    const withComment = Buffer.from(workbook);
    const fake = Buffer.alloc(22);
    fake.writeUInt32LE(0x06054b50, 0);
    withComment.writeUInt16LE(22, withComment.length - 2);
    expect(verdict(Buffer.concat([withComment, fake]))).toBe('malformed');
  });

  it('refuses encrypted parts and parts beyond the entry limit', () => {
    const locked = zip([{ name: 'a.xml', data: Buffer.from('<a/>') }]);
    locked.writeUInt16LE(locked.readUInt16LE(6) | 1, 6);
    const [record] = directoryRecords(locked);
    locked.writeUInt16LE(locked.readUInt16LE(record + 8) | 1, record + 8);
    expect(verdict(locked)).toBe('encrypted');
    const many = zip(Array.from({ length: 3 }, (_, i) => ({ name: `${i}.xml`, data: Buffer.from('x') })));
    expect(() => zipDirectory(many, { ...LIMITS, maxEntries: 2 })).toThrow(/3 entries/);
  });

  it('reads a part streamed with a data descriptor, as archiver (under exceljs) writes them', () => {
    // One part whose local header leaves CRC and sizes 0 (flag 8), a signed descriptor after its data.
    const data = Buffer.from('<workbook/>'.repeat(50));
    const single = zip([{ name: 'xl/workbook.xml', data }]);
    const [record] = directoryRecords(single);
    const dataEnd = record; // the directory starts right after the only part
    const local = Buffer.from(single.subarray(0, dataEnd));
    local.writeUInt16LE(local.readUInt16LE(6) | 8, 6);
    local.fill(0, 14, 26);
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    single.copy(descriptor, 4, record + 16, record + 28); // CRC, compressed and uncompressed size
    const directory = Buffer.from(single.subarray(record));
    directory.writeUInt16LE(directory.readUInt16LE(8) | 8, 8);
    const end = directory.length - 22;
    directory.writeUInt32LE(dataEnd + 16, end + 16);
    const streamed = Buffer.concat([local, descriptor, directory]);
    expect(unpackZip(streamed, LIMITS)).toEqual([{ name: 'xl/workbook.xml', data }]);
    const lying = Buffer.from(streamed);
    lying.writeUInt32LE(1, dataEnd + 12); // the descriptor's size disagrees with the directory's
    expect(verdict(lying)).toBe('malformed');
  });

  it('names the parts of a sound archive only', () => {
    const word = zip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]);
    expect(zipPartNames(word)).toEqual(['word/document.xml']);
    expect(zipPartNames(Buffer.concat([word, Buffer.from('x')]))).toEqual([]);
  });
});
