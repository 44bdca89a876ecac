import { MikroORM } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { JsonLogger, loadConfig, migrate, ormOptions, ServiceConfig } from '../src';
import { createTestInfra, type TestInfra } from '../src/testing';

class CreateWidgets extends Migration {
  override async up(): Promise<void> {
    // Slow on purpose, so unlocked runs would overlap and fail on "already exists". Lands in the service's schema.
    this.addSql('select pg_sleep(0.3)');
    this.addSql('create table "widget" ("id" serial primary key)');
  }
}

describe('migrate', () => {
  let infra: TestInfra;

  beforeAll(async () => {
    infra = await createTestInfra();
  });
  afterAll(() => infra.cleanup());

  it("creates the service's schema and lets concurrent replicas migrate one at a time", async () => {
    const config = loadConfig(ServiceConfig, infra.env);
    const setup = { entities: [], migrations: [{ name: 'Migration20261122000000', class: CreateWidgets }] };
    const orms = await Promise.all(
      [1, 2, 3].map(() => MikroORM.init<PostgreSqlDriver>(ormOptions('catalogue-service', config, setup))),
    );
    const logger = new JsonLogger('test', 'error');
    try {
      await Promise.all(orms.map((orm) => migrate(orm, 'catalogue-service', logger)));
    } finally {
      await Promise.all(orms.map((orm) => orm.close()));
    }

    const db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    const tables = await db.query(
      `select table_name from information_schema.tables where table_schema = 'catalogue_service' order by 1`,
    );
    const applied = await db.query('select name from catalogue_service.mikro_orm_migrations');
    await db.end();
    expect(tables.rows.map((r: { table_name: string }) => r.table_name)).toEqual([
      'mikro_orm_migrations',
      'widget',
    ]);
    expect(applied.rows).toEqual([{ name: 'Migration20261122000000' }]);
  });
});
