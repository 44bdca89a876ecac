import { Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainException, type ProductImportResponse } from '@parley/contracts';
import { OwnerEvents, OwnerReadBudget, UploadStore } from '@parley/server-kit';
import type { Job } from 'bull';
import { readCatalogue } from './catalogue-file';
import {
  type CatalogueImportJob,
  type CatalogueImportOutcome,
  CatalogueImportQueue,
} from './catalogue-import.queue';
import { unreadable } from './import-errors';
import { ImportProgress } from './import-progress';
import { importRows } from './import-rows';
import { ImportsQueries } from './imports.queries';

/** Jobs one replica runs at once. Reading a file is CPU work: more would only make each slower. */
const CONCURRENCY = 2;

/**
 * Imports one uploaded catalogue file: takes its bytes from the UploadStore, reads and checks the whole
 * file (catalogue-file.ts; a bad file is refused before anything is stored), then stores its rows in one
 * transaction (import-rows.ts), telling the owner's open tabs how far it got. Runs outside any request, so
 * the queries fork their own EntityManager.
 */
@Injectable()
export class CatalogueImportProcessor implements OnModuleInit, OnModuleDestroy {
  constructor(
    private readonly imports: CatalogueImportQueue,
    private readonly uploads: UploadStore,
    private readonly queries: ImportsQueries,
    private readonly events: OwnerEvents,
    private readonly readBudget: OwnerReadBudget,
  ) {}

  onModuleInit(): void {
    void this.imports.queue.process(CONCURRENCY, (job: Job<CatalogueImportJob>) => this.handle(job.data));
  }

  async onModuleDestroy(): Promise<void> {
    await this.imports.queue.close();
  }

  /** A refused file is the job's answer (see CatalogueImportOutcome); anything else fails the job. */
  async handle(job: CatalogueImportJob): Promise<CatalogueImportOutcome> {
    try {
      return { ok: true, result: await this.importFile(job) };
    } catch (error) {
      if (error instanceof DomainException) return { ok: false, error: error.toBody() };
      throw error;
    }
  }

  private async importFile({
    ownerId,
    uploadKey,
    fileName,
    mediaType,
  }: CatalogueImportJob): Promise<ProductImportResponse> {
    const bytes = await this.uploads.take(ownerId, uploadKey);
    if (!bytes) throw unreadable('The upload has expired. Please upload the file again.');
    const { rows } = await readCatalogue(
      bytes,
      { name: fileName, type: mediaType },
      { ownerId, budget: this.readBudget },
    );
    const progress = new ImportProgress(rows.length, (data) =>
      this.events.emit(ownerId, { type: 'catalogue_import_progress', message: '', data: { ...data } }),
    );
    return this.queries.inTransaction(ownerId, (upsert, currency) =>
      importRows(rows, upsert, (n) => progress.report(n), currency),
    );
  }
}
