import { exitOnSignal, JsonLogger, loadConfig, logUncaughtErrors, tuneHeap } from '@parley/server-kit';
import { GatewayConfig } from './config/gateway.config';
import { createGateway } from './http/create-gateway';

async function main(): Promise<void> {
  process.title = 'parley-gateway';
  tuneHeap();
  let config: GatewayConfig;
  try {
    config = loadConfig(GatewayConfig);
  } catch (error) {
    new JsonLogger('gateway').error((error as Error).message, 'Config');
    process.exit(1);
  }
  const logger = new JsonLogger('gateway', config.LOG_LEVEL);
  logUncaughtErrors(logger);
  try {
    const app = await createGateway(config, logger);
    logger.log(`listening on ${config.HOST}:${config.PORT} (${config.PUBLIC_URL})`, 'Bootstrap');
    exitOnSignal(logger, () => app.close(), config.SHUTDOWN_TIMEOUT_MS + 5000);
  } catch (error) {
    logger.error(`failed to start: ${(error as Error).message}`, 'Bootstrap');
    process.exit(1);
  }
}

void main();
