import { Worker } from 'node:worker_threads';

/** One run of text on a page, where pdf.js places it: x from the left, y from the bottom, in points. */
export interface PdfTextItem {
  text: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Why a PDF could not be read: it needs a password, pdf.js cannot parse it, it holds no text at all
 * (scanned pages), or it is too heavy to read (over the worker's time or memory). Each caller words its
 * own sentence for the owner.
 */
export type PdfReadFailure = 'password' | 'unreadable' | 'no_text' | 'too_complex';

export class PdfReadError extends Error {
  constructor(readonly reason: PdfReadFailure) {
    super(`The PDF could not be read (${reason})`);
  }
}

/** A crafted PDF can make pdf.js spin or swell; past these the worker is stopped and the file refused. */
const READ_TIMEOUT_MS = 30_000;
const WORKER_HEAP_MB = 256;

/**
 * The worker's program, in plain JavaScript: it runs in a worker thread, outside the service's module
 * system (and outside Jest's), where pdf.js, an ES module, loads with a plain `import()`.
 * isEvalSupported: false keeps pdf.js from compiling font code with `new Function` (CVE-2024-4367).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
(async () => {
  const pdfjs = await import(pathToFileURL(workerData.pdfjs).href);
  const doc = await pdfjs.getDocument({
    data: workerData.bytes, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0,
  }).promise;
  const pages = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const { items } = await page.getTextContent();
    pages.push(items.filter((i) => typeof i.str === 'string' && i.str.trim() !== '').map((i) => ({
      text: i.str, x: i.transform[4], y: i.transform[5], width: i.width, height: i.height || Math.abs(i.transform[3]),
    })));
    page.cleanup();
  }
  await doc.destroy();
  parentPort.postMessage({ pages });
})().catch((error) => parentPort.postMessage({ failure: error && error.name === 'PasswordException' ? 'password' : 'unreadable' }));
`;

type WorkerAnswer = { pages: PdfTextItem[][] } | { failure: 'password' | 'unreadable' };

/**
 * The text of every page of a PDF, with positions, read by pdf.js (pdfjs-dist's legacy build, the one for
 * Node) in a worker thread with a heap cap and a time limit: a PDF is parsed by a large library, and a
 * hostile one (a deflate bomb in a content stream, a page tree that never ends) then costs a worker, not
 * the service. Throws PdfReadError when the PDF needs a password, cannot be read, is too heavy, or has no
 * text at all (scanned pages).
 */
export async function readPdfText(bytes: Buffer): Promise<PdfTextItem[][]> {
  const answer = await runWorker(bytes);
  if ('failure' in answer) throw new PdfReadError(answer.failure);
  if (answer.pages.every((items) => items.length === 0)) throw new PdfReadError('no_text');
  return answer.pages;
}

function runWorker(bytes: Buffer): Promise<WorkerAnswer> {
  const copy = new Uint8Array(bytes);
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { pdfjs: require.resolve('pdfjs-dist/legacy/build/pdf.mjs'), bytes: copy },
    transferList: [copy.buffer],
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return new Promise<WorkerAnswer>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new PdfReadError('too_complex'));
      void worker.terminate();
    }, READ_TIMEOUT_MS);
    worker.once('message', (answer: WorkerAnswer) => {
      clearTimeout(timer);
      resolve(answer);
      void worker.terminate();
    });
    worker.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new PdfReadError('too_complex') : error);
    });
    // Settles nothing when the worker answered first; otherwise it ended without a word.
    worker.once('exit', () => {
      clearTimeout(timer);
      reject(new Error('The PDF worker stopped without an answer'));
    });
  });
}
