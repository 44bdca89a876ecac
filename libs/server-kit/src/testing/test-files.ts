import { constants, crc32, deflateRawSync } from 'node:zlib';
import { CFB, utils, write } from '@e965/xlsx';
import { unpackZip, writeZip } from '../uploads/zip-archive';

/**
 * Uploaded files built by the tests themselves (catalogues, training documents), so every fixture shows
 * what it holds: spreadsheets with
 * SheetJS, PDFs written object by object (a text run is drawn at the x, y given, in points from the
 * bottom left, with Helvetica in WinAnsi encoding, so Spanish accents work), and zips assembled by hand.
 */

/** A cell's value, or a number with its number format (`{ t: 'n', v: 28, z: '"£"#,##0.00' }`: a currency). */
type Cell = string | number | boolean | null | { t: 'n'; v: number; z: string };

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const XLS_TYPE = 'application/vnd.ms-excel';

/** A workbook of one sheet (or more: `sheets`), as xlsx or as xls (BIFF8). */
export function spreadsheet(
  rows: Cell[][],
  bookType: 'xlsx' | 'xls' = 'xlsx',
  sheets: Record<string, Cell[][]> = {},
): Buffer {
  const book = utils.book_new();
  for (const [name, sheetRows] of Object.entries({ ...sheets, Products: rows })) {
    utils.book_append_sheet(book, utils.aoa_to_sheet(sheetRows), name);
  }
  return write(book, { type: 'buffer', bookType: bookType === 'xls' ? 'biff8' : 'xlsx', compression: true });
}

/** A text run on a page: [x, y, text], and its font size in points (10 unless given). */
export type PdfRun = [number, number, string, number?];

/**
 * A PDF of these pages, each a list of text runs. `flateZeros`: the first page has a second content
 * stream, FlateDecode-compressed, of that many zero bytes (blanks to a PDF reader): a deflate bomb.
 */
export function pdf(pages: PdfRun[][], extra: { encrypt?: boolean; flateZeros?: number } = {}): Buffer {
  const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  return pdfDocument(
    pages.map((runs) => ({
      resources: '<< /Font << /F1 FONT >> >>',
      content: runs
        .map(([x, y, text, size = 10]) => `BT /F1 ${size} Tf ${x} ${y} Td (${winAnsi(text)}) Tj ET`)
        .join('\n'),
    })),
    { font, ...extra },
  );
}

/** Text as a PDF string literal in WinAnsi: latin1, but the euro sign is 0x80. */
function winAnsi(text: string): string {
  return text.replace(/[\\()]/g, '\\$&').replace(/€/g, '\x80');
}

/** A PDF whose only page is a picture (a 1×1 grey image): what a scanner makes. */
export function imageOnlyPdf(): Buffer {
  return pdfDocument(
    [{ resources: '<< /XObject << /Im1 IMAGE >> >>', content: 'q 200 0 0 200 100 400 cm /Im1 Do Q' }],
    {
      image: true,
    },
  );
}

interface PdfPage {
  resources: string;
  content: string;
}

/** A zlib stream (what FlateDecode reads) of `size` zero bytes. */
function zlibZeros(size: number): Buffer {
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((size % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0x9c]), deflatedZeros(size), adler]);
}

/**
 * Objects: 1 catalog, 2 page tree, 3 font, 4 image, then a page and its content stream per page; the
 * cross-reference table points at each. `encrypt` adds a standard security handler whose user password is
 * not empty (its /U is random), so a reader needs a password to open the file.
 */
function pdfDocument(
  pages: PdfPage[],
  options: { font?: string; image?: boolean; encrypt?: boolean; flateZeros?: number },
): Buffer {
  const objects: string[] = [];
  const pageIds = pages.map((_, i) => 5 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = options.font ?? '<< >>';
  objects[4] = options.image
    ? '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\x80\nendstream'
    : '<< >>';
  pages.forEach((page, i) => {
    const resources = page.resources.replace('FONT', '3 0 R').replace('IMAGE', '4 0 R');
    objects[pageIds[i]] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources ${resources} /Contents ${pageIds[i] + 1} 0 R >>`;
    objects[pageIds[i] + 1] =
      `<< /Length ${Buffer.byteLength(page.content, 'latin1')} >>\nstream\n${page.content}\nendstream`;
  });
  if (options.flateZeros !== undefined) {
    const bomb = zlibZeros(options.flateZeros).toString('latin1');
    objects.push(`<< /Length ${bomb.length} /Filter /FlateDecode >>\nstream\n${bomb}\nendstream`);
    const first = pageIds[0];
    objects[first] = objects[first].replace(
      /\/Contents (\d+) 0 R/,
      `/Contents [$1 0 R ${objects.length - 1} 0 R]`,
    );
  }
  let trailerExtra = '';
  if (options.encrypt) {
    const hex = (n: number) =>
      Buffer.from(Array.from({ length: n }, (_, i) => (i * 37 + 11) % 256)).toString('hex');
    objects.push(`<< /Filter /Standard /V 1 /R 2 /O <${hex(32)}> /U <${hex(32)}> /P -44 >>`);
    trailerExtra = ` /Encrypt ${objects.length - 1} 0 R /ID [<${hex(16)}> <${hex(16)}>]`;
  }
  let text = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(text, 'latin1');
    text += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(text, 'latin1');
  text += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) text += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length} /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, 'latin1');
}

interface ZipEntry {
  name: string;
  /** The part's bytes; or `zeros`: a part of that many zero bytes, deflated without ever holding them. */
  data?: Buffer;
  zeros?: number;
  /** The uncompressed size the archive declares (the true size unless a test makes it lie). */
  declaredSize?: number;
}

/** A zip whose entries are deflated, with central directory; sizes as each entry declares them. */
export function zip(entries: ZipEntry[]): Buffer {
  return writeZip(
    entries.map(({ name, data, zeros, declaredSize }) => {
      const size = data?.length ?? zeros ?? 0;
      return {
        name,
        method: 8,
        packed: data ? deflateRawSync(data) : deflatedZeros(size),
        crc: data ? crc32(data) : crcOfZeros(size),
        size: declaredSize ?? size,
      };
    }),
  );
}

const MB = 1024 * 1024;

/**
 * A raw deflate stream of `size` zero bytes (about a thousandth of that): one megabyte of zeros deflated
 * and flushed without ending the stream, repeated (each copy refers only to itself), then an empty final
 * block. How zip and PDF bombs are made.
 */
export function deflatedZeros(size: number): Buffer {
  const chunk = (n: number) => deflateRawSync(Buffer.alloc(n), { finishFlush: constants.Z_SYNC_FLUSH });
  const whole = chunk(MB);
  const parts: Buffer[] = Array.from({ length: Math.floor(size / MB) }, () => whole);
  if (size % MB) parts.push(chunk(size % MB));
  return Buffer.concat([...parts, Buffer.from([0x03, 0x00])]);
}

function crcOfZeros(size: number): number {
  const zeros = Buffer.alloc(Math.min(size, MB));
  let crc = 0;
  for (let done = 0; done < size; done += MB) crc = crc32(zeros.subarray(0, Math.min(MB, size - done)), crc);
  return crc;
}

/**
 * A zip bomb posing as an xlsx: a real-looking workbook part and a sheet of 100 MB of zeros that packs
 * into about 100 KB. `lie`: the sheet declares 1 KB, as bombs do to slip past a check of declared sizes.
 */
export function zipBomb({ lie }: { lie: boolean }): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', zeros: 100 * MB, declaredSize: lie ? 1024 : undefined },
  ]);
}

/**
 * A real file (`archive`) with one more part (`hidden`) that a reader reading the zip another way finds,
 * and a check counting the end record's entries does not: the part and its directory record are written
 * after the file's own, and the end record counts one entry fewer, in its total only (`total`: SheetJS
 * counts the entries "on this disk") or in both counts (`both`: JSZip, under mammoth, reads every record
 * the directory holds).
 */
export function zipWithUncountedPart(archive: Buffer, hidden: ZipEntry, count: 'total' | 'both'): Buffer {
  const parts = unpackZip(archive, { maxEntries: 10_000, maxUnpackedBytes: Infinity });
  const entries: ZipEntry[] = [...parts.map(({ name, data }) => ({ name, data })), hidden];
  const bytes = zip(entries);
  const end = bytes.length - 22;
  bytes.writeUInt16LE(parts.length, end + 10);
  if (count === 'both') bytes.writeUInt16LE(parts.length, end + 8);
  return bytes;
}

/** The same file with `name` (a part it has) written twice: first as `first`, then as the file has it. */
export function zipWithDuplicatePart(archive: Buffer, name: string, first: Buffer): Buffer {
  const parts = unpackZip(archive, { maxEntries: 10_000, maxUnpackedBytes: Infinity });
  return zip([{ name, data: first }, ...parts.map(({ name: n, data }) => ({ name: n, data }))]);
}

/** The first bytes of a PNG image, and some more. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64),
]);

/** A Word document as Word saves it with a password: an OLE container with EncryptionInfo and EncryptedPackage. */
export function encryptedDocx(): Buffer {
  const container = CFB.utils.cfb_new();
  CFB.utils.cfb_add(container, '/EncryptionInfo', Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]));
  CFB.utils.cfb_add(container, '/EncryptedPackage', Buffer.alloc(512, 0x5a));
  return CFB.write(container, { type: 'buffer' }) as Buffer;
}
