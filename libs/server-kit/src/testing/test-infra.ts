import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { Client } from 'pg';

/**
 * Real infrastructure for one test file: a fresh PostgreSQL database, a NATS subject prefix and a
 * Redis key prefix of its own, so tests never see each other or a running stack. `cleanup()` drops
 * the database and deletes the keys. Servers come from env (DATABASE_URL, NATS_URL, REDIS_URL) or
 * the standard local ports.
 */
export interface TestInfra {
  /** Environment for loadConfig(): pass it to every service and gateway of the test. */
  env: Record<string, string>;
  databaseName: string;
  cleanup(): Promise<void>;
}

export async function createTestInfra(): Promise<TestInfra> {
  const id = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const server = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  const databaseName = `parley_test_${id}`;
  const adminUrl = withDatabase(server, 'postgres');
  await adminQuery(adminUrl, `create database "${databaseName}"`);
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const redisPrefix = `parley-test-${id}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    DATABASE_URL: withDatabase(server, databaseName),
    NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    NATS_PREFIX: `test_${id}.`,
    REDIS_URL: redisUrl,
    REDIS_PREFIX: redisPrefix,
  };
  return {
    env,
    databaseName,
    async cleanup() {
      await adminQuery(adminUrl, `drop database if exists "${databaseName}" with (force)`);
      await deleteKeys(redisUrl, `${redisPrefix}*`);
    },
  };
}

function withDatabase(server: URL, database: string): string {
  const url = new URL(server.toString());
  url.pathname = `/${database}`;
  return url.toString();
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function deleteKeys(url: string, pattern: string): Promise<void> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
