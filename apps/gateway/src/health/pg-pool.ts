import { Pool } from 'pg';

/** A tiny pool the gateway uses only to tell whether PostgreSQL answers. It reads no schema. */
export const PG_POOL = Symbol('PG_POOL');

export function createHealthPool(databaseUrl: string): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    max: 2,
    connectionTimeoutMillis: 1000,
    idleTimeoutMillis: 10_000,
  });
  pool.on('error', () => undefined); // a dropped idle connection is reported by the next check, not thrown
  return pool;
}
