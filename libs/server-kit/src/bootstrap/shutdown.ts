import type { LoggerService } from '@nestjs/common';

/**
 * On the first SIGTERM or SIGINT: run `close` (stop taking work, finish in-flight, drain, close pools)
 * and exit 0. If closing hangs past `deadlineMs`, exit 1 rather than linger.
 */
export function exitOnSignal(logger: LoggerService, close: () => Promise<void>, deadlineMs: number): void {
  let closing = false;
  const handler = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received, shutting down`, 'Shutdown');
    setTimeout(() => {
      logger.error(`shutdown took longer than ${deadlineMs} ms, exiting`, 'Shutdown');
      process.exit(1);
    }, deadlineMs).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error(error instanceof Error ? error : String(error), 'Shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', handler);
  process.once('SIGINT', handler);
}
