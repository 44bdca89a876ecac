import { Injectable } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  type ProductImportRequest,
  type ProductImportResponse,
} from '@parley/contracts';
import { CatalogueImportQueue } from './catalogue-import.queue';

/**
 * catalogue.products.import: the file is imported by a Bull job (CatalogueImportProcessor), on whichever
 * replica is free, and the request is answered with the job's outcome, so the upload's HTTP answer is the
 * final count while the owner's tabs watch the progress over /ws.
 */
@Injectable()
export class ImportsService {
  constructor(private readonly imports: CatalogueImportQueue) {}

  async import(ownerId: string, data: unknown): Promise<ProductImportResponse> {
    const outcome = await this.imports.run({ ownerId, ...importRequestOf(data) });
    if (!outcome.ok)
      throw new DomainException(outcome.error.code, outcome.error.message, outcome.error.details);
    return outcome.result;
  }
}

/** The gateway's ProductImportRequest, checked: a service never trusts its caller. */
function importRequestOf(data: unknown): ProductImportRequest {
  const { uploadKey, fileName, mediaType } = (
    typeof data === 'object' && data !== null ? data : {}
  ) as Record<string, unknown>;
  if (typeof uploadKey !== 'string' || typeof fileName !== 'string' || typeof mediaType !== 'string') {
    throw new DomainException(
      ErrorCode.ValidationFailed,
      'An import needs an upload key, a file name and a media type',
    );
  }
  return { uploadKey, fileName, mediaType };
}
