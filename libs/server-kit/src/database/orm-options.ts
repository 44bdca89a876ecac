import { type MigrationObject, type Options } from '@mikro-orm/core';
import { Migrator } from '@mikro-orm/migrations';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { schemaNameOf, type ServiceName } from '@parley/contracts';
import type { BaseConfig } from '../config/base.config';
import { JsonLogger } from '../logging/json-logger';

export interface OrmSetup {
  /** Entity classes, listed explicitly (bundles have no folders to scan). */
  entities: NonNullable<Options['entities']>;
  /** Migrations in order, listed explicitly. */
  migrations: MigrationObject[];
}

/**
 * MikroORM options for one service: its own schema (also the connections' search_path, so raw SQL and
 * migrations name tables without it), its own migrations table inside it. Connections run in time zone
 * UTC with ISO dates, so a timestamptz arrives as `2026-11-24 15:48:48.123456+00` (see isoTime).
 */
export function ormOptions(
  service: ServiceName,
  config: BaseConfig,
  setup: OrmSetup,
): Options<PostgreSqlDriver> {
  const schema = schemaNameOf(service);
  const logger = new JsonLogger(service, config.LOG_LEVEL);
  return {
    driver: PostgreSqlDriver,
    clientUrl: config.DATABASE_URL,
    schema,
    driverOptions: {
      connection: { options: `-c search_path=${schema} -c TimeZone=UTC -c DateStyle=ISO` },
      // knex writes a lost connection ("Connection Error: …") with console.log unless told otherwise.
      log: {
        warn: (message: unknown) => logger.warn(String(message), 'knex'),
        error: (message: unknown) => logger.error(String(message), 'knex'),
        deprecate: (message: unknown) => logger.warn(String(message), 'knex'),
        debug: (message: unknown) => logger.debug(String(message), 'knex'),
      },
    },
    logger: (message) => logger.debug(message, 'MikroORM'),
    entities: setup.entities,
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList: setup.migrations,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      snapshot: false,
    },
    pool: { min: 0, max: 10 },
    allowGlobalContext: false,
    debug: false,
  };
}
