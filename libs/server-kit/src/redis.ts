import { Redis } from 'ioredis';

/**
 * A Redis client that fails fast instead of queueing forever while Redis is away:
 * commands error after one retry, and reconnects keep trying in the background.
 */
export function createRedis(url: string): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
}
