import type { IncomingMessage } from 'node:http';
import { Busboy, type BusboyHeaders, type BusboyInstance } from '@fastify/busboy';
import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import { type Caller, checkFile, DomainException, ErrorCode, type FileRule } from '@parley/contracts';
import { checkFileBytes, requireActor, type UploadStore } from '@parley/server-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The route config (`@RouteConfig(TAKES_UPLOAD)`) of a handler that reads a multipart upload. */
export const TAKES_UPLOAD = { takesUpload: true } as const;

/** Room for the multipart framing (boundaries, part headers) and the few small fields a form may add. */
const FRAMING_BYTES = 64 * 1024;

/** A file that passed the upload checks: declared kind, size, and bytes of that kind. */
export interface Upload {
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * Marks a handler that reads one file in `rule.fieldName` (readUpload or storeUpload): multipart is
 * accepted there only (useMultipartUploads), and the OpenAPI document shows the file field.
 */
export function TakesUpload(rule: FileRule): MethodDecorator {
  return applyDecorators(
    RouteConfig(TAKES_UPLOAD),
    ApiConsumes('multipart/form-data'),
    ApiBody({
      schema: {
        type: 'object',
        required: [rule.fieldName],
        properties: { [rule.fieldName]: { type: 'string', format: 'binary' } },
      },
    }),
  );
}

/** What the gateway sends a service for a checked upload: the bytes wait in the UploadStore under `uploadKey`. */
export interface StoredUpload {
  uploadKey: string;
  fileName: string;
  mediaType: string;
  /** In bytes. */
  fileSize: number;
}

/**
 * The upload read and checked (readUpload), its bytes put in `store` for the signed-in owner: NATS
 * messages are too small for a file, so the service is sent the key.
 */
export async function storeUpload(
  req: FastifyRequest,
  reply: FastifyReply,
  rule: FileRule,
  store: UploadStore,
  caller: Caller,
): Promise<StoredUpload> {
  // The session guard has put the owner there (requireActor says so to the type checker).
  const ownerId = requireActor({ actor: caller.actor, data: undefined }).workspaceId;
  const file = await readUpload(req, reply, rule);
  return {
    uploadKey: await store.put(ownerId, file.bytes),
    fileName: file.name,
    mediaType: file.type,
    fileSize: file.bytes.length,
  };
}

/**
 * multipart/form-data is accepted only by the routes marked TAKES_UPLOAD, and only there is it read, by the
 * handler (readUpload); every other route still refuses it with 415, as JSON-only routes always did. This is
 * a content-type parser, paid only by requests of that type, instead of @fastify/multipart, whose plugin
 * puts an onRequest and an onResponse hook on every request of the gateway (see LeanFastifyAdapter).
 */
export function useMultipartUploads(fastify: FastifyInstance): void {
  fastify.addContentTypeParser('multipart/form-data', (req, _payload, done) => {
    const config = req.routeOptions.config as Partial<typeof TAKES_UPLOAD>;
    if (config.takesUpload) done(null);
    else done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }));
  });
}

/**
 * The one file of a multipart upload, streamed from the request and checked against `rule` (a
 * FileRule of the contracts): the field name, the declared name and media type (before any of the file is
 * kept), the size (at most rule.maxBytes are ever held; a body declared larger is refused before it is
 * read), and then the bytes' own signature, so a renamed file is refused too. Every refusal is a 4xx
 * DomainException naming the field.
 */
export async function readUpload(req: FastifyRequest, reply: FastifyReply, rule: FileRule): Promise<Upload> {
  if (!/^multipart\/form-data\b/i.test(req.headers['content-type'] ?? '')) {
    throw new DomainException(
      ErrorCode.UnsupportedMediaType,
      `Send the file as multipart/form-data, in the field "${rule.fieldName}"`,
      { field: rule.fieldName },
    );
  }
  const declaredLength = Number(req.headers['content-length'] ?? 0);
  if (declaredLength > rule.maxBytes + FRAMING_BYTES) {
    // Answer at once and close, rather than read (and throw away) the whole body first.
    void reply.header('connection', 'close');
    throw tooLarge(rule);
  }
  const upload = await receive(req.raw, rule, () => void reply.header('connection', 'close'));
  const bytesCheck = checkFileBytes(rule, upload, upload.bytes);
  if (!bytesCheck.ok) throw refusal(bytesCheck.message, rule);
  return upload;
}

/** Streams the body through busboy, keeping the bytes of the rule's field only. */
function receive(req: IncomingMessage, rule: FileRule, closeAfterAnswer: () => void): Promise<Upload> {
  return new Promise<Upload>((resolve, reject) => {
    let upload: Upload | undefined;
    // The first problem found; the rest of the body is still read (it is small: see readUpload), so
    // that the answer reaches a client that is still sending.
    let problem: DomainException | undefined;
    let busboy: BusboyInstance;
    try {
      busboy = new Busboy({
        headers: req.headers as BusboyHeaders,
        limits: {
          fileSize: rule.maxBytes,
          files: 1,
          fields: 10,
          fieldSize: 1024,
          parts: 12,
          headerPairs: 20,
        },
      });
    } catch {
      reject(refusal('The upload is not a valid multipart form', rule));
      return;
    }
    busboy.on('file', (field, file, name, _encoding, type) => {
      const declared = checkFile(rule, { name, type, size: 0 });
      if (field !== rule.fieldName || !declared.ok) {
        problem ??= field !== rule.fieldName ? missingFile(rule) : refusal(rule.invalidTypeMessage, rule);
        file.resume();
        return;
      }
      const chunks: Buffer[] = [];
      file.on('data', (chunk: Buffer) => chunks.push(chunk));
      file.on('limit', () => (problem ??= tooLarge(rule)));
      file.on('end', () => {
        if (!file.truncated) upload = { name, type, bytes: Buffer.concat(chunks) };
      });
    });
    busboy.on('filesLimit', () => (problem ??= refusal('Send one file at a time', rule)));
    busboy.on('error', () => reject(problem ?? refusal('The upload is not a valid multipart form', rule)));
    busboy.on('finish', () => {
      if (problem) reject(problem);
      else if (upload) resolve(upload);
      else reject(missingFile(rule));
    });
    // A body without a Content-Length (chunked) is bounded here instead of up front.
    let received = 0;
    req.on('data', (chunk: Buffer) => {
      const before = received;
      received += chunk.length;
      if (received <= rule.maxBytes + FRAMING_BYTES || before > rule.maxBytes + FRAMING_BYTES) return;
      req.unpipe(busboy);
      closeAfterAnswer();
      reject(tooLarge(rule));
    });
    req.on('close', () => {
      if (!req.complete) reject(refusal('The upload was interrupted', rule));
    });
    req.pipe(busboy);
  });
}

function refusal(message: string, rule: FileRule): DomainException {
  return new DomainException(ErrorCode.ValidationFailed, message, { field: rule.fieldName });
}

function missingFile(rule: FileRule): DomainException {
  return refusal(`Send the file in the field "${rule.fieldName}"`, rule);
}

function tooLarge(rule: FileRule): DomainException {
  return new DomainException(ErrorCode.PayloadTooLarge, rule.tooLargeMessage, { field: rule.fieldName });
}
