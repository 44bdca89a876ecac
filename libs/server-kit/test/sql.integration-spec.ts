import { MikroORM } from '@mikro-orm/core';
import type { EntityManager, PostgreSqlDriver } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { isoTime, loadConfig, ormOptions, ServiceConfig, sql } from '../src';
import { createTestInfra, type TestInfra } from '../src/testing';

describe('sql', () => {
  let infra: TestInfra;
  let orm: MikroORM<PostgreSqlDriver>;
  let em: EntityManager;

  beforeAll(async () => {
    infra = await createTestInfra();
    // A server whose default zone is not UTC: Parley's connections must not depend on it.
    const db = new Client({ connectionString: infra.env.DATABASE_URL });
    await db.connect();
    await db.query(`alter database "${infra.databaseName}" set timezone to 'Asia/Kolkata'`);
    await db.end();
    const config = loadConfig(ServiceConfig, infra.env);
    orm = await MikroORM.init<PostgreSqlDriver>(
      ormOptions('catalogue-service', config, { entities: [], migrations: [] }),
    );
    em = orm.em.fork() as EntityManager;
    await em.getConnection().execute('create schema if not exists catalogue_service');
    await em.getConnection().execute('create table catalogue_service.notes (id int primary key, body text)');
  });
  afterAll(async () => {
    await orm?.close();
    await infra.cleanup();
  });

  it('numbers the placeholders and sends the values apart from the text', async () => {
    const rows = await sql<{ a: number; b: string; c: string[] }>(
      em,
      'select ?::int as a, ?::text as b, ?::text[] as c',
      [41, "it's ?", ['x', 'y']],
    );
    expect(rows).toEqual([{ a: 41, b: "it's ?", c: ['x', 'y'] }]);
  });

  it('refuses an undefined parameter instead of sending null', async () => {
    await expect(sql(em, 'select ?::int as a', [undefined])).rejects.toThrow(/parameter 1 is undefined/);
  });

  it('runs inside the transaction of a transactional EntityManager', async () => {
    await expect(
      em.transactional(async (trx) => {
        await sql(trx as EntityManager, 'insert into notes (id, body) values (?, ?)', [1, 'draft']);
        expect(await sql(trx as EntityManager, 'select body from notes where id = ?', [1])).toEqual([
          { body: 'draft' },
        ]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await sql(em, 'select body from notes where id = ?', [1])).toEqual([]);
  });

  it('reads a timestamptz as UTC text, whatever the time zone of the server', async () => {
    const [row] = await sql<{ at: string }>(
      em,
      `select '2026-11-24 21:18:48.123456+05:30'::timestamptz as at`,
    );
    expect(row.at).toBe('2026-11-24 15:48:48.123456+00');
    expect(isoTime(row.at)).toBe('2026-11-24T15:48:48.123Z');
  });
});
