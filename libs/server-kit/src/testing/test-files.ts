import { crc32, deflateRawSync } from 'node:zlib';
import { CFB, utils, write } from '@e965/xlsx';

/**
 * Uploaded files built by the tests themselves (catalogues, training documents), so every fixture shows
 * what it holds: spreadsheets with
 * SheetJS, PDFs written object by object (a text run is drawn at the x, y given, in points from the
 * bottom left, with Helvetica in WinAnsi encoding, so Spanish accents work), and zips assembled by hand.
 */

type Cell = string | number | boolean | null;

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

/** A text run on a page: [x, y, text]. */
export type PdfRun = [number, number, string];

/** A PDF of these pages, each a list of text runs. */
export function pdf(pages: PdfRun[][], extra: { encrypt?: boolean } = {}): Buffer {
  const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  return pdfDocument(
    pages.map((runs) => ({
      resources: '<< /Font << /F1 FONT >> >>',
      content: runs.map(([x, y, text]) => `BT /F1 10 Tf ${x} ${y} Td (${winAnsi(text)}) Tj ET`).join('\n'),
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

/**
 * Objects: 1 catalog, 2 page tree, 3 font, 4 image, then a page and its content stream per page; the
 * cross-reference table points at each. `encrypt` adds a standard security handler whose user password is
 * not empty (its /U is random), so a reader needs a password to open the file.
 */
function pdfDocument(
  pages: PdfPage[],
  options: { font?: string; image?: boolean; encrypt?: boolean },
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
  data: Buffer;
  /** The uncompressed size the archive declares (the true size unless a test makes it lie). */
  declaredSize?: number;
}

/** A zip whose entries are deflated, with central directory; sizes as each entry declares them. */
export function zip(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const { name, data, declaredSize } of entries) {
    const packed = deflateRawSync(data);
    const nameBytes = Buffer.from(name);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0, at + 2); // flags
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt32LE(0, at + 6); // time and date
      header.writeUInt32LE(crc32(data), at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(declaredSize ?? data.length, at + 18);
      header.writeUInt16LE(nameBytes.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    locals.push(local, nameBytes, packed);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    directory.push(central, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

/**
 * A zip bomb posing as an xlsx: a real-looking workbook part and a sheet of 100 MB of zeros that packs
 * into about 100 KB. `lie`: the sheet declares 1 KB, as bombs do to slip past a check of declared sizes.
 */
export function zipBomb({ lie }: { lie: boolean }): Buffer {
  const zeros = Buffer.alloc(100 * 1024 * 1024);
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
    { name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: lie ? 1024 : undefined },
  ]);
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
