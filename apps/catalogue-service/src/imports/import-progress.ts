import type { ProductImportProgress } from '@parley/contracts';

/** The upload card needs no more than a few updates a second. */
const PROGRESS_EVERY_MS = 250;

/**
 * An import's progress events: at most one every PROGRESS_EVERY_MS while rows land, and always the last
 * one (100 %), so the upload card follows the real work without a flood of events.
 */
export class ImportProgress {
  private lastSentAt = -Infinity;

  constructor(
    private readonly total: number,
    private readonly send: (progress: ProductImportProgress) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** `processed` rows of `total` are done. */
  report(processed: number): void {
    if (processed < this.total && this.now() - this.lastSentAt < PROGRESS_EVERY_MS) return;
    this.lastSentAt = this.now();
    const percent = this.total === 0 ? 100 : Math.floor((processed * 100) / this.total);
    this.send({ processed, total: this.total, percent });
  }
}
