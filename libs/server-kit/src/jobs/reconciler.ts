import { Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';

/**
 * What every reconciler shares: a pass every `intervalMs` while the service runs, never two at once on
 * one replica, and a failed pass logged rather than thrown (the next one tries again). A subclass says
 * what one pass does in `reconcile`, which answers how many items it queued again; tests call `run`.
 * Reconcilers run on every replica at once: a pass must be safe to repeat.
 */
export abstract class Reconciler<Args extends unknown[] = []> implements OnModuleInit, OnModuleDestroy {
  protected readonly logger = new Logger(this.constructor.name);
  private timer?: NodeJS.Timeout;
  private running = false;

  protected abstract readonly intervalMs: number;

  protected abstract reconcile(...args: Args): Promise<number>;

  onModuleInit(): void {
    this.timer = setInterval(() => void this.run(...([] as unknown as Args)), this.intervalMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One pass now (0 while another is running, or when it failed). */
  async run(...args: Args): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    try {
      return await this.reconcile(...args);
    } catch (error) {
      this.logger.warn(`reconcile failed: ${String(error)}`);
      return 0;
    } finally {
      this.running = false;
    }
  }
}
