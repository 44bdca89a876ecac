import { Controller, Delete, Get, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  type Caller as CallerInfo,
  MESSAGING_SUBJECTS,
  TRAINING_DOCUMENT_RULE,
  type TrainingDocumentResponse,
  type TrainingDocumentUploadRequest,
} from '@parley/contracts';
import { ServiceClient, UploadStore } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RateLimit } from '../auth/rate-limit.guard';
import { SessionGuard } from '../auth/session.guard';
import { storeUpload, TakesUpload } from '../http/multipart-upload';
import { Caller } from '../rpc/caller.decorator';
import { ANY_MEMBER, MANAGERS, Roles } from '../auth/roles';

/** Storing 10 MB in PostgreSQL on a busy machine takes a second or two; this leaves room to spare. */
const UPLOAD_TIMEOUT_MS = 30_000;

/**
 * The owner's training documents (messaging-service). The upload is checked here as the catalogue's is
 * (field, declared type, size, the bytes' own signature: storeUpload), handed over through Redis
 * (UploadStore), and answered as soon as the document is stored: a job reads it afterwards, and its status
 * reaches the page over /ws. Beside MessagingController because the upload reads its own body.
 */
@Controller('api/ai')
@UseGuards(SessionGuard)
export class TrainingDocumentsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly uploads: UploadStore,
  ) {}

  @Roles(...ANY_MEMBER)
  @Get('training-documents')
  list(@Caller() caller: CallerInfo): Promise<TrainingDocumentResponse[]> {
    return this.services.send(MESSAGING_SUBJECTS.listTrainingDocuments, {}, caller);
  }

  @Roles(...MANAGERS)
  @Post('upload-document')
  @TakesUpload(TRAINING_DOCUMENT_RULE)
  @RateLimit('document-upload', 'upload')
  async upload(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller: CallerInfo,
  ): Promise<TrainingDocumentResponse> {
    const request: TrainingDocumentUploadRequest = await storeUpload(
      req,
      reply,
      TRAINING_DOCUMENT_RULE,
      this.uploads,
      caller,
    );
    return this.services.send(MESSAGING_SUBJECTS.uploadTrainingDocument, request, caller, UPLOAD_TIMEOUT_MS);
  }

  @Roles(...MANAGERS)
  @Delete('training-documents/:id')
  delete(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<{ id: string }> {
    return this.services.send(MESSAGING_SUBJECTS.deleteTrainingDocument, { id }, caller);
  }
}
