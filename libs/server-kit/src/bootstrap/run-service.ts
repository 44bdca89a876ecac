import type { DynamicModule } from '@nestjs/common';
import type { ServiceName } from '@parley/contracts';
import { ServiceConfig } from '../config/base.config';
import { loadConfig } from '../config/config';
import { startProbeServer } from '../health/probe-server';
import { JsonLogger } from '../logging/json-logger';
import { tuneHeap } from './heap';
import { logUncaughtErrors } from './process-guards';
import { exitOnSignal } from './shutdown';
import { createServiceApp } from './service-app';

/** How a service's process differs from the others'. */
export interface RunServiceOptions {
  /**
   * How far V8 lets the old generation grow past what the last full GC left, in percent (tuneHeap;
   * HEAP_GROWING_PERCENT, 200, by default).
   */
  heapGrowingPercent?: number;
}

/**
 * A service's main(): validated config, the app, optional probe port, graceful SIGTERM, and no exit on
 * an error nothing caught (logUncaughtErrors).
 */
export async function runService<C extends ServiceConfig>(
  service: ServiceName,
  buildModule: (config: C) => DynamicModule,
  configClass: new () => C = ServiceConfig as new () => C,
  options: RunServiceOptions = {},
): Promise<void> {
  process.title = `parley-${service}`;
  tuneHeap(process.execArgv, options.heapGrowingPercent);
  const bootLogger = new JsonLogger(service);
  let config: C;
  try {
    config = loadConfig(configClass);
  } catch (error) {
    bootLogger.error((error as Error).message, 'Config');
    process.exit(1);
  }
  const logger = new JsonLogger(service, config.LOG_LEVEL);
  logUncaughtErrors(logger);
  try {
    const { app, ready } = await createServiceApp(service, buildModule(config), config);
    const probes = config.HEALTH_PORT ? await startProbeServer(config.HEALTH_PORT, ready) : undefined;
    logger.log(
      `ready: NATS queue group "${service}"${probes ? `, probes on :${config.HEALTH_PORT}` : ''}`,
      'Bootstrap',
    );
    exitOnSignal(
      logger,
      async () => {
        probes?.close();
        await app.close();
      },
      config.SHUTDOWN_TIMEOUT_MS + 5000,
    );
  } catch (error) {
    logger.error(`failed to start: ${(error as Error).message}`, 'Bootstrap');
    process.exit(1);
  }
}
