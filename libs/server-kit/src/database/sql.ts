import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';

/**
 * Runs `text` with `?` placeholders as a parameterized query on the EntityManager's pool (inside its
 * transaction when `em` is a transactional one) and answers the rows. For hot paths:
 * `Connection.execute` inlines every parameter into the SQL text, escaping it in JavaScript, and
 * logs and times each query; here the parameters travel apart from the text, as PostgreSQL's protocol
 * intends. An array parameter is one PostgreSQL array (`= any(?::uuid[])`), not a list.
 *
 * Each text becomes a named prepared statement: a connection parses and plans it once, later runs only
 * bind it (a 100-row page costs PostgreSQL ~40 % less). The text must therefore be one of a bounded set
 * of shapes; values always go in `params`, never into the text.
 */
export async function sql<T = Record<string, unknown>>(
  em: EntityManager,
  text: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  const query = em
    .getConnection()
    .getKnex()
    .raw(text, params as readonly Knex.RawBinding[])
    .options({ name: statementName(text) });
  const trx = em.getTransactionContext<Knex.Transaction>();
  if (trx) void query.transacting(trx);
  const result = (await query) as { rows: T[] };
  return result.rows;
}

const names = new Map<string, string>();

/** A statement's name: a digest of its text (node-postgres keeps one prepared statement per name and connection). */
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    name = `parley_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    if (names.size >= 1000) names.clear();
    names.set(text, name);
  }
  return name;
}
