import { Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  CATALOGUE_FILE_RULE,
  type Caller as CallerInfo,
  type ProductImportRequest,
  type ProductImportResponse,
  PRODUCTS_SUBJECTS,
} from '@parley/contracts';
import { ServiceClient, UploadStore } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimit } from '../auth/rate-limit.guard';
import { SessionGuard } from '../auth/session.guard';
import { storeUpload, TakesUpload } from '../http/multipart-upload';
import { Caller } from '../rpc/caller.decorator';
import { MANAGERS, Roles } from '../auth/roles';

/**
 * How long the gateway waits for an import: a 10 000-row file takes a few seconds, and the job may wait
 * behind others in the queue. Past it the answer is 504, though the import still completes.
 */
const IMPORT_TIMEOUT_MS = 120_000;

/**
 * POST /api/products/upload: the catalogue file is checked here (field, declared type, size, the bytes'
 * own signature), handed to catalogue-service through Redis (UploadStore: NATS messages are too small for
 * it), and the answer is the import's result. Beside CatalogueController because the upload is a
 * multipart route, which reads its own body (readUpload).
 */
@Controller('api')
@UseGuards(SessionGuard)
export class CatalogueUploadController {
  constructor(
    private readonly services: ServiceClient,
    private readonly uploads: UploadStore,
  ) {}

  @Roles(...MANAGERS)
  @Post('products/upload')
  @HttpCode(200)
  @TakesUpload(CATALOGUE_FILE_RULE)
  @RateLimit('catalogue-upload', 'upload')
  async upload(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller: CallerInfo,
  ): Promise<ProductImportResponse> {
    const { uploadKey, fileName, mediaType } = await storeUpload(
      req,
      reply,
      CATALOGUE_FILE_RULE,
      this.uploads,
      caller,
    );
    const request: ProductImportRequest = { uploadKey, fileName, mediaType };
    return this.services.send(PRODUCTS_SUBJECTS.import, request, caller, IMPORT_TIMEOUT_MS);
  }
}
