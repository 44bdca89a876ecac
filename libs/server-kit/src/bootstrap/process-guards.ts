import type { LoggerService } from '@nestjs/common';

/**
 * Keeps a service process running through an error nothing caught: an exception thrown from a callback
 * or a promise rejected with no handler is logged (one JSON line, with its stack) and the process goes
 * on serving, instead of Node's default of ending it, which took a whole service down for every owner
 * on one bad answer (SECURITY.md). Requests are answered by the transport and RpcErrorFilter, so what
 * arrives here belongs to no request any more; the supervisor (Kubernetes, `npm start`) restarts a
 * process that ends anyway.
 */
export function logUncaughtErrors(logger: LoggerService, proc: NodeJS.Process = process): void {
  proc.on('uncaughtException', (error, origin) => logger.error(entry(origin, error), 'Process'));
  proc.on('unhandledRejection', (reason) => logger.error(entry('unhandledRejection', reason), 'Process'));
}

function entry(kind: string, thrown: unknown): { msg: string; err?: { name: string; stack?: string } } {
  if (!(thrown instanceof Error)) return { msg: `${kind}: ${String(thrown)}` };
  return { msg: `${kind}: ${thrown.message}`, err: { name: thrown.name, stack: thrown.stack } };
}
