import { Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  type Caller as CallerInfo,
  EMAIL_SUBJECTS,
  SUBSCRIBER_CSV_RULE,
  type SubscriberImportRequest,
  type SubscriberImportResponse,
} from '@parley/contracts';
import { ServiceClient, UploadStore } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimit } from '../auth/rate-limit.guard';
import { SessionGuard } from '../auth/session.guard';
import { storeUpload, TakesUpload } from '../http/multipart-upload';
import { Caller } from '../rpc/caller.decorator';
import { MANAGERS, Roles } from '../auth/roles';

/** A 50 000-row file is read and stored in a few seconds; past this the answer is 504 (the import still ends). */
const IMPORT_TIMEOUT_MS = 60_000;

/**
 * POST /api/email/subscribers/import: the CSV is checked here (field, declared type, 10 MB, text bytes),
 * handed to marketing-service through Redis (UploadStore), and the answer is the import's counts and row
 * errors. A multipart route, so beside EmailController rather than in it (like CatalogueUploadController).
 */
@Controller('api/email')
@UseGuards(SessionGuard)
export class SubscriberImportController {
  constructor(
    private readonly services: ServiceClient,
    private readonly uploads: UploadStore,
  ) {}

  @Roles(...MANAGERS)
  @Post('subscribers/import')
  @HttpCode(200)
  @TakesUpload(SUBSCRIBER_CSV_RULE)
  @RateLimit('subscriber-import', 'upload')
  async import(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller: CallerInfo,
  ): Promise<SubscriberImportResponse> {
    const { uploadKey, fileName } = await storeUpload(req, reply, SUBSCRIBER_CSV_RULE, this.uploads, caller);
    const request: SubscriberImportRequest = { uploadKey, fileName };
    return this.services.send(EMAIL_SUBJECTS.subscribers.import, request, caller, IMPORT_TIMEOUT_MS);
  }
}
