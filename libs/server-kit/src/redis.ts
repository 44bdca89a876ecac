import { Logger } from '@nestjs/common';
import { Redis } from 'ioredis';

/** How long one command may wait, queued while Redis is away included (no blocking commands are used). */
const COMMAND_TIMEOUT_MS = 1500;

/**
 * A Redis client that fails fast instead of queueing while Redis is away: a command errors after
 * COMMAND_TIMEOUT_MS or one retry, whichever comes first, so a request never waits past its own RPC
 * timeout; reconnects keep trying in the background. A lost connection is logged once per change of
 * error, in the JSON log (ioredis would otherwise print "Unhandled error event" to stderr each retry).
 */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  const logger = new Logger('Redis');
  let last = '';
  redis.on('error', (error: Error) => {
    if (error.message !== last) logger.warn(`Redis connection: ${error.message}`);
    last = error.message;
  });
  redis.on('ready', () => {
    if (last) logger.log('Redis connection is back');
    last = '';
  });
  return redis;
}
