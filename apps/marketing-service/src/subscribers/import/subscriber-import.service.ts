import { Injectable } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  SUBSCRIBER_IMPORT_LIMITS,
  type SubscriberImportRequest,
  type SubscriberImportResponse,
} from '@parley/contracts';
import { UploadStore } from '@parley/server-kit';
import { EmailSequencesService } from '../../sequences/email-sequences.service';
import { SubscribersQueries } from '../subscribers.queries';
import { readSubscriberCsv } from './subscriber-csv';

/**
 * POST /api/email/subscribers/import: the CSV the gateway checked and put in the UploadStore is read
 * (readSubscriberCsv) and its good rows stored at once, in one transaction (docs/email.md).
 */
@Injectable()
export class SubscriberImportService {
  constructor(
    private readonly uploads: UploadStore,
    private readonly queries: SubscribersQueries,
    private readonly sequences: EmailSequencesService,
  ) {}

  async import(
    ownerId: string,
    request: Partial<SubscriberImportRequest> | undefined,
  ): Promise<SubscriberImportResponse> {
    const bytes = await this.uploads.take(ownerId, String(request?.uploadKey ?? ''));
    if (bytes === null) {
      throw new DomainException(
        ErrorCode.ValidationFailed,
        'The upload has expired: please choose the file again',
        {
          field: 'file',
        },
      );
    }
    const csv = readSubscriberCsv(bytes);
    const { created, updated, createdIds } = await this.queries.upsertImported(ownerId, csv.subscribers);
    await this.sequences.trigger(ownerId, 'subscriber_added', { subscriberIds: createdIds });
    return {
      created,
      updated,
      merged: csv.merged,
      skipped: csv.errors.length,
      errors: csv.errors.slice(0, SUBSCRIBER_IMPORT_LIMITS.maxErrors),
    };
  }
}
