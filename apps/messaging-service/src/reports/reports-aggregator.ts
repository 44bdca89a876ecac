import { Injectable } from '@nestjs/common';
import { Reconciler } from '@parley/server-kit';
import { MessagingConfig } from '../config/messaging.config';
import { FoldPacer } from './fold-pacer';
import { ReportsQueries } from './reports.queries';

/** Owners folded per pass; the rest wait for the next pass. */
const OWNERS_PER_PASS = 100;

/**
 * Folds what changed into the report rollups every REPORTS_FOLD_INTERVAL_MS, owner by owner (docs/reports.md,
 * "Rollups"). Safe on every replica at once: an owner another replica is folding is skipped. An owner whose
 * folds cost much waits longer between them (FoldPacer).
 */
@Injectable()
export class ReportsAggregator extends Reconciler {
  private readonly pacer = new FoldPacer();

  constructor(
    private readonly queries: ReportsQueries,
    private readonly config: MessagingConfig,
  ) {
    super();
  }

  protected get intervalMs(): number {
    return this.config.REPORTS_FOLD_INTERVAL_MS;
  }

  /** Returns how many marks were folded. */
  protected async reconcile(): Promise<number> {
    let folded = 0;
    for (const ownerId of await this.queries.ownersToFold(OWNERS_PER_PASS)) {
      if (!this.pacer.due(ownerId)) continue;
      const started = performance.now();
      folded += Math.max(0, await this.queries.foldIfFree(ownerId));
      this.pacer.folded(ownerId, performance.now() - started);
    }
    return folded;
  }
}
