import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/**
 * Runs `text` with `?` placeholders as a parameterized query on the EntityManager's pool (inside its
 * transaction when `em` is a transactional one) and answers the rows. For hot paths:
 * `Connection.execute` inlines every parameter into the SQL text, escaping it in JavaScript, and
 * logs and times each query; here the parameters travel apart from the text, as PostgreSQL's protocol
 * intends. An array parameter is one PostgreSQL array (`= any(?::uuid[])`), not a list.
 */
export async function sql<T = Record<string, unknown>>(
  em: EntityManager,
  text: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  const query = em
    .getConnection()
    .getKnex()
    .raw(text, params as readonly Knex.RawBinding[]);
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (trx) void query.transacting(trx);
  const result = (await query) as { rows: T[] };
  return result.rows;
}
