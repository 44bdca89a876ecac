import type { LoggerService } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/core';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import type { ServiceName } from '@parley/contracts';

/**
 * Runs the service's pending migrations under a PostgreSQL advisory lock, so replicas starting
 * together migrate one after the other and the later ones find nothing to do. The lock is one for every
 * service, not one per service: extensions (pg_trgm) are database-wide, and two services creating the
 * same one at once would fail. The lock lives in its own transaction; the migrator works on other pool
 * connections. `service` is kept for the log.
 */
export async function migrate(orm: MikroORM<PostgreSqlDriver>, service: ServiceName, logger: LoggerService) {
  const knex = orm.em.getConnection().getKnex();
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', ['parley:migrate']);
    const done = await orm.getMigrator().up();
    if (done.length > 0)
      logger.log(`${service}: applied migrations ${done.map((m) => m.name).join(', ')}`, 'Migrations');
  });
}
