/**
 * The program of the child process that reads one uploaded file (upload-reader.ts starts it with its
 * memory and time limits). It loads the reading libraries by the absolute paths its parent sends (it runs
 * from a bundle or a temporary file, where no node_modules are beside it), reads the file, answers once
 * over the IPC channel and exits. Whatever a hostile file makes a library do happens here, and ends here.
 */
import { pathToFileURL } from 'node:url';
import type * as Xlsx from '@e965/xlsx';
import type * as Mammoth from 'mammoth';
import type {
  ChildAnswer,
  ChildRequest,
  ChildValue,
  PdfTextItem,
  UploadReadFailure,
  WorkbookSheet,
} from './upload-reader.types';
import { storedZip, unpackZip, type ZipLimits, ZipArchiveError, type ZipPart } from './zip-archive';

/** What the read cost: the bytes unpacked for an archive, or how far the process grew for a PDF. */
let cost = 0;
const startRss = process.memoryUsage().rss;

class Refusal extends Error {
  constructor(readonly reason: UploadReadFailure) {
    super(reason);
  }
}

/** A library failing to allocate (the memory limit at work) is a file that unpacks too far, not a damaged one. */
const OUT_OF_MEMORY = /allocation failed|out of memory|invalid (typed )?array length|Array buffer/i;
let sawAllocationFailure = false;

process.once('message', (request: ChildRequest) => {
  void answer(request);
});

async function answer(request: ChildRequest): Promise<void> {
  let reply: ChildAnswer;
  try {
    const value = await read(request);
    const grown = process.resourceUsage().maxRSS * 1024 - startRss;
    reply = sawAllocationFailure
      ? { ok: false, reason: 'too_large' }
      : { ok: true, value, cost: request.kind === 'pdf' ? Math.max(grown, 0) : cost };
  } catch (error) {
    reply = { ok: false, reason: failureOf(error) };
  }
  process.send?.(reply, () => process.exit(0));
}

function failureOf(error: unknown): UploadReadFailure {
  if (error instanceof Refusal) return error.reason;
  if (error instanceof ZipArchiveError)
    return error.reason === 'too_large'
      ? 'too_large'
      : error.reason === 'encrypted'
        ? 'password'
        : 'wrong_kind';
  if (sawAllocationFailure || OUT_OF_MEMORY.test(String(error))) return 'too_large';
  return 'unreadable';
}

function read(request: ChildRequest): Promise<ChildValue> {
  switch (request.kind) {
    case 'workbook':
      return Promise.resolve(readWorkbook(request));
    case 'word':
      return readWord(request);
    case 'pdf':
      return readPdf(request);
  }
}

/** The archive's parts through zip-archive's strict reader, checked to hold `mainPart`; `cost` counts them. */
function unpack(bytes: Buffer, zip: ZipLimits, mainPart: string): ZipPart[] {
  const parts = unpackZip(bytes, zip);
  if (!parts.some((part) => part.name.toLowerCase() === mainPart)) throw new Refusal('wrong_kind');
  cost = parts.reduce((sum, part) => sum + part.data.length, 0);
  return parts;
}

function readWorkbook(request: Extract<ChildRequest, { kind: 'workbook' }>): WorkbookSheet[] {
  const xlsx = require(request.modules.xlsx) as typeof Xlsx;
  const bytes = Buffer.from(request.bytes);
  let input: Buffer;
  if (bytes[0] === 0x50) {
    // SheetJS reads our stored copy of what the strict reader read: no second parse, nothing to inflate.
    input = storedZip(unpack(bytes, request.zip, 'xl/workbook.xml'));
  } else {
    const streams = oleStreams(xlsx, bytes);
    if (!streams) throw new Refusal('wrong_kind');
    if (streams.has('EncryptionInfo')) throw new Refusal('password');
    if (!streams.has('Workbook') && !streams.has('Book')) throw new Refusal('wrong_kind');
    input = bytes;
    cost = bytes.length;
  }
  let book: Xlsx.WorkBook;
  try {
    // Dense sheets (rows of cells) are what readers walk; formulas, styles and HTML are not needed.
    book = xlsx.read(input, {
      type: 'buffer',
      dense: true,
      sheetRows: request.maxRows,
      cellFormula: false,
      cellHTML: false,
    });
  } catch (error) {
    if (OUT_OF_MEMORY.test(String(error))) throw error;
    throw new Refusal(/password|encrypt/i.test(String(error)) ? 'password' : 'wrong_kind');
  }
  return book.SheetNames.map((name) => ({ name, sheet: book.Sheets[name] }));
}

/** The stream names of an OLE container (Excel 97, or an Office file encrypted with a password); undefined if it is not one. */
function oleStreams(xlsx: typeof Xlsx, bytes: Buffer): { has(name: string): boolean } | undefined {
  let container: unknown;
  try {
    container = xlsx.CFB.read(bytes, { type: 'buffer' });
  } catch {
    return undefined;
  }
  return { has: (name: string) => xlsx.CFB.find(container as never, name) !== null };
}

async function readWord(request: Extract<ChildRequest, { kind: 'word' }>): Promise<string> {
  const bytes = Buffer.from(request.bytes);
  if (bytes[0] !== 0x50) {
    // Word keeps a password-protected document in an OLE container.
    const xlsx = require(request.modules.xlsx) as typeof Xlsx;
    throw new Refusal(oleStreams(xlsx, bytes)?.has('EncryptionInfo') ? 'password' : 'wrong_kind');
  }
  const stored = storedZip(unpack(bytes, request.zip, 'word/document.xml'));
  const mammoth = require(request.modules.mammoth) as typeof Mammoth;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: stored },
      {
        styleMap: request.styleMap,
        // Images are dropped: their bytes would only swell the HTML.
        convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
        externalFileAccess: false,
      },
    );
    return result.value;
  } catch (error) {
    if (OUT_OF_MEMORY.test(String(error))) throw error;
    throw new Refusal('wrong_kind');
  }
}

interface PdfJs {
  getDocument(options: Record<string, unknown>): { promise: Promise<PdfDocument> };
}
interface PdfDocument {
  numPages: number;
  getPage(n: number): Promise<{
    getTextContent(): Promise<{
      items: { str?: string; transform: number[]; width: number; height: number }[];
    }>;
    cleanup(): void;
  }>;
  destroy(): Promise<void>;
}

/**
 * pdf.js's warnings: with `stopAtErrors` off it reads past a broken part of a page and only warns, which
 * would also swallow the memory limit's allocation failure; one such warning marks the file as too large.
 */
function watchPdfWarnings(): void {
  for (const method of ['warn', 'log'] as const) {
    const write = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      if (OUT_OF_MEMORY.test(args.map(String).join(' '))) sawAllocationFailure = true;
      else write(...args);
    };
  }
}

async function readPdf(request: Extract<ChildRequest, { kind: 'pdf' }>): Promise<PdfTextItem[][]> {
  watchPdfWarnings();
  // pdf.js is an ES module: loaded with a real import(), which the bundle keeps as it is.
  const pdfjs = (await import(pathToFileURL(request.modules.pdfjs).href)) as PdfJs;
  let doc: PdfDocument;
  try {
    doc = await pdfjs.getDocument({
      data: new Uint8Array(request.bytes),
      // No font code compiled with `new Function` (CVE-2024-4367), no fonts or images built for display.
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      isOffscreenCanvasSupported: false,
      maxImageSize: 4096 * 4096,
      verbosity: 1,
    }).promise;
  } catch (error) {
    if ((error as Error | undefined)?.name === 'PasswordException') throw new Refusal('password');
    throw error;
  }
  const pages: PdfTextItem[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { items } = await page.getTextContent();
    pages.push(
      items
        .filter((i) => typeof i.str === 'string' && i.str.trim() !== '')
        .map((i) => ({
          text: i.str as string,
          x: i.transform[4],
          y: i.transform[5],
          width: i.width,
          height: i.height || Math.abs(i.transform[3]),
        })),
    );
    page.cleanup();
  }
  await doc.destroy();
  if (pages.every((items) => items.length === 0)) throw new Refusal('no_text');
  return pages;
}
