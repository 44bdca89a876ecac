import type { Logger } from '@nestjs/common';

/**
 * A warning for a failure that repeats (a service down): logged at most once per `intervalMs`, the failures
 * in between counted into the next one, so an outage is not a warning per message.
 */
export class ThrottledWarning {
  private lastAt = -Infinity;
  private failures = 0;

  constructor(
    private readonly logger: Logger,
    private readonly intervalMs = 60_000,
  ) {}

  /** `text` gets the number of failures since the last warning (this one included). */
  warn(text: (failures: number) => string): void {
    this.failures += 1;
    const now = Date.now();
    if (now - this.lastAt < this.intervalMs) return;
    this.logger.warn(text(this.failures));
    this.lastAt = now;
    this.failures = 0;
  }
}
