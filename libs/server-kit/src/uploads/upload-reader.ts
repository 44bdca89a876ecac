import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type * as Esbuild from 'esbuild';
import type { OwnerReadBudget } from './owner-read-budget';
import type {
  ChildAnswer,
  ChildRequest,
  ChildValue,
  PdfTextItem,
  ReaderModules,
  UploadReadFailure,
  WorkbookSheet,
} from './upload-reader.types';
import type { ZipLimits } from './zip-archive';

export type { PdfTextItem, UploadReadFailure, WorkbookSheet } from './upload-reader.types';

export class UploadReadError extends Error {
  constructor(readonly reason: UploadReadFailure) {
    super(`The upload could not be read (${reason})`);
  }
}

const MB = 1024 * 1024;

/**
 * The budgets of one read. An Office file (xlsx, docx) may unpack to at most `zip.maxUnpackedBytes`: a
 * 10 MB upload of text is a few tens of megabytes of XML, and the budget leaves room for pictures and
 * styling. The reading process may use at most `memoryBytes` (ArrayBuffers and Buffers included: it is
 * the process's data limit, and a watchdog on its resident size) and `timeoutMs`; past any of them it is
 * killed and the file refused.
 */
export const UPLOAD_READ_LIMITS = {
  zip: { maxEntries: 10_000, maxUnpackedBytes: 64 * MB } satisfies ZipLimits,
  memoryBytes: 512 * MB,
  heapMb: 384,
  timeoutMs: 60_000,
};

/** The most an Office file may unpack to (UPLOAD_READ_LIMITS.zip), for owners' messages. */
export const MAX_UNPACKED_BYTES = UPLOAD_READ_LIMITS.zip.maxUnpackedBytes;

/** Whose read this is, so it counts against that owner's budget (see OwnerReadBudget). */
export interface ReadOwner {
  ownerId: string;
  budget: OwnerReadBudget;
}

/**
 * The sheets of an xlsx or xls, read by SheetJS in a child process: an xlsx only after zip-archive's strict
 * reader unpacked it within budget (SheetJS then reads a stored copy of what it read), an xls only when it
 * is an OLE file with a workbook in it. Office also wraps a password-protected xlsx in an OLE file. At
 * most `maxRows` rows of each sheet are read. Throws UploadReadError.
 */
export async function readWorkbook(
  bytes: Buffer,
  { maxRows, owner }: { maxRows: number; owner?: ReadOwner },
): Promise<WorkbookSheet[]> {
  return (await readInChild({ kind: 'workbook', bytes, maxRows }, owner)) as WorkbookSheet[];
}

/** A Word document as mammoth's HTML (images dropped), read in a child process like readWorkbook. */
export async function readWordHtml(
  bytes: Buffer,
  { styleMap, owner }: { styleMap: string[]; owner?: ReadOwner },
): Promise<string> {
  return (await readInChild({ kind: 'word', bytes, styleMap }, owner)) as string;
}

/**
 * The text of every page of a PDF, with positions, read by pdf.js (pdfjs-dist's legacy build, the one for
 * Node) in a child process: a deflate bomb in a content stream or a page tree that never ends then costs
 * that process, never the service. Throws UploadReadError (`no_text` when the pages hold no text at all).
 */
export async function readPdfText(
  bytes: Buffer,
  { owner }: { owner?: ReadOwner } = {},
): Promise<PdfTextItem[][]> {
  return (await readInChild({ kind: 'pdf', bytes }, owner)) as PdfTextItem[][];
}

type Request =
  | { kind: 'workbook'; bytes: Buffer; maxRows: number }
  | { kind: 'word'; bytes: Buffer; styleMap: string[] }
  | { kind: 'pdf'; bytes: Buffer };

/**
 * One read, in its own process, within the owner's budget: the read reserves the most it may cost
 * (`memoryBytes`) before it starts and settles at what it took (the bytes unpacked, or the growth of the
 * process for a PDF), or keeps the whole reservation when it was stopped for its size.
 */
async function readInChild(request: Request, owner?: ReadOwner): Promise<ChildValue> {
  const reservation = owner
    ? await owner.budget.reserve(owner.ownerId, UPLOAD_READ_LIMITS.memoryBytes)
    : undefined;
  if (owner && !reservation) throw new UploadReadError('owner_budget');
  let cost = UPLOAD_READ_LIMITS.memoryBytes;
  try {
    const answer = await runChild(childRequestOf(request));
    if (!answer.ok) {
      if (answer.reason !== 'too_large') cost = request.bytes.length;
      throw new UploadReadError(answer.reason);
    }
    cost = answer.cost;
    return answer.value;
  } finally {
    await reservation?.settle(cost);
  }
}

function childRequestOf(request: Request): ChildRequest {
  const bytes = new Uint8Array(request.bytes);
  const modules = readerModules();
  const zip = UPLOAD_READ_LIMITS.zip;
  switch (request.kind) {
    case 'workbook':
      return { kind: 'workbook', bytes, modules, zip, maxRows: request.maxRows };
    case 'word':
      return { kind: 'word', bytes, modules, zip, styleMap: request.styleMap };
    case 'pdf':
      return { kind: 'pdf', bytes, modules };
  }
}

let modules: ReaderModules | undefined;
function readerModules(): ReaderModules {
  modules ??= {
    xlsx: require.resolve('@e965/xlsx'),
    mammoth: require.resolve('mammoth'),
    pdfjs: require.resolve('pdfjs-dist/legacy/build/pdf.mjs'),
  };
  return modules;
}

/** How often the watchdog reads the child's resident size. */
const WATCH_EVERY_MS = 20;
/** The child could not set its memory limit: it never reads anything without one. */
const NO_LIMIT_EXIT = 97;

/**
 * Runs the child program with its limits: `ulimit -d` (set by the shell that then becomes the child,
 * counting every allocation, ArrayBuffers included, unlike a worker thread's resourceLimits), a V8 heap
 * cap, a watchdog on its resident size (/proc, where there is one) and a time limit; nothing of the
 * service's environment is passed on. A child stopped for its memory, or dying of it, answers too_large;
 * one stopped by the clock, too_complex.
 */
function runChild(request: ChildRequest): Promise<ChildAnswer> {
  const { memoryBytes, heapMb, timeoutMs } = UPLOAD_READ_LIMITS;
  const child = spawn(
    '/bin/sh',
    [
      '-c',
      // The kernel's OOM killer (a container's memory limit) takes the reader first, never the service.
      `ulimit -d "$1" || exit ${NO_LIMIT_EXIT}; echo 1000 2>/dev/null >/proc/self/oom_score_adj; shift; exec "$@"`,
      'sh',
      String(Math.floor(memoryBytes / 1024)),
      process.execPath,
      `--max-old-space-size=${heapMb}`,
      childProgram(),
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env: { PATH: process.env.PATH ?? '' },
    },
  );
  return new Promise<ChildAnswer>((resolve, reject) => {
    let stderr = '';
    let stopped: UploadReadFailure | undefined;
    const stop = (reason: UploadReadFailure) => {
      stopped ??= reason;
      child.kill('SIGKILL');
    };
    const timer = setTimeout(() => stop('too_complex'), timeoutMs);
    const watchdog = setInterval(() => {
      if (residentBytes(child) > memoryBytes) stop('too_large');
    }, WATCH_EVERY_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4096);
    });
    child.once('message', (answer: ChildAnswer) => {
      if (stopped) return;
      clearTimeout(timer);
      clearInterval(watchdog);
      resolve(answer);
      child.kill('SIGKILL');
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      reject(error);
    });
    // Settles nothing when the child answered first. 'close', not 'exit': 'exit' can come before the
    // child's last message is read from the channel (an answer sent just before exiting was lost under load).
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(watchdog);
      if (stopped) return resolve({ ok: false, reason: stopped });
      if (code === NO_LIMIT_EXIT) return reject(new Error('The upload reader could not limit its memory'));
      if (/out of memory|allocation failed/i.test(stderr) || signal === 'SIGABRT' || signal === 'SIGTRAP')
        return resolve({ ok: false, reason: 'too_large' });
      reject(
        new Error(`The upload reader stopped without an answer (${signal ?? code}): ${stderr.slice(-500)}`),
      );
    });
    child.send(request);
  });
}

/** The child's resident set size from /proc (0 where there is none: the data limit still holds). */
function residentBytes(child: ChildProcess): number {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)/m.exec(status);
    return kb ? Number(kb[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

let program: string | undefined;

/**
 * The child's program: in a built app, `upload-reader.js` beside the bundle (tools/build.mjs writes it);
 * from the sources (tests, `nx serve`), upload-reader.child.ts bundled once with esbuild into the
 * repository's `tmp/` (not the shared temporary directory, where anyone could leave a file by that name),
 * named by its content.
 */
function childProgram(): string {
  if (program) return program;
  const built = path.join(__dirname, 'upload-reader.js');
  if (existsSync(built)) return (program = built);
  // Only from the sources: esbuild is a development dependency.
  const { buildSync } = require('esbuild') as typeof Esbuild;
  const [output] = buildSync({
    entryPoints: [path.join(__dirname, 'upload-reader.child.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    write: false,
    logLevel: 'silent',
  }).outputFiles;
  const folder = path.join(__dirname, '../../../../tmp/upload-reader');
  const file = path.join(folder, `${createHash('sha256').update(output.text).digest('hex').slice(0, 16)}.js`);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, output.text);
    renameSync(partial, file);
  }
  return (program = file);
}
