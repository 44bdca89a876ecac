import { createHash } from 'node:crypto';
import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import type { ClientBase, QueryConfig, QueryResult } from 'pg';

/**
 * Runs `text` with `?` placeholders as a parameterized query on the EntityManager's pool (inside its
 * transaction when `em` is a transactional one) and answers the rows. For hot paths:
 * `Connection.execute` inlines every parameter into the SQL text, escaping it in JavaScript, and
 * logs and times each query; here the parameters travel apart from the text, as PostgreSQL's protocol
 * intends, and the query goes straight to node-postgres on a connection of the pool (knex's query
 * builder, runner and events were a measurable share of a list page's time; see docs/performance.md,
 * "Figures moved from code comments"). Every `?` in the text is a placeholder; an array parameter is one
 * PostgreSQL array (`= any(?::uuid[])`), not a list.
 *
 * Each text becomes a named prepared statement: a connection parses it once, and after five runs keeps
 * one generic plan if that plan is estimated no dearer than planning for each run's values (a list page
 * then costs PostgreSQL much less than parsing every time). A parameter whose value drives the
 * estimate, such as a LIMIT, keeps PostgreSQL planning every run: give such a number in the text, from
 * a small set of values (see messaging-service's fetchLimit). The text must be one of a bounded set of
 * shapes; other values always go in `params`, never into the text.
 */
export function sql<T = Record<string, unknown>>(
  em: EntityManager,
  text: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  return run<T>(em, text, params);
}

/**
 * As `sql`, with each row an array of its columns in the order selected (node-postgres's rowMode
 * 'array'), for queries of many rows on a hot path. node-postgres builds an object row by copying a
 * template and storing each column by name; once a service has run queries of many shapes those
 * property accesses turn megamorphic (V8's slow paths), and messaging-service spent noticeably more CPU
 * on a list page with object rows than with arrays (docs/performance.md, "Rows as arrays instead of
 * objects").
 */
export function sqlTuples<T extends readonly unknown[]>(
  em: EntityManager,
  text: string,
  params: readonly unknown[] = [],
): Promise<T[]> {
  return run<T>(em, text, params, 'array');
}

/**
 * The tuple type of a `sqlTuples` row that selects `columns` of a row type `R`, in their order: e.g.
 * `ColumnsOf<Row, ['id', 'name']>` is `[Row['id'], Row['name']]`.
 */
export type ColumnsOf<R, C extends readonly (keyof R)[]> = { -readonly [I in keyof C]: R[C[I] & keyof R] };

async function run<T>(
  em: EntityManager,
  text: string,
  params: readonly unknown[],
  rowMode?: 'array',
): Promise<T[]> {
  const index = params.indexOf(undefined);
  if (index >= 0) throw new Error(`sql: parameter ${index + 1} is undefined in: ${text}`);
  const statement = prepare(text);
  const trx = em.getTransactionContext<Knex.Transaction>();
  // A transaction's client hands out the transaction's own connection and never releases it.
  const client = (trx ?? em.getConnection().getKnex()).client as PoolClient;
  const connection = await client.acquireConnection();
  try {
    return await query<T>(connection, { ...statement, values: params as unknown[], rowMode });
  } finally {
    await client.releaseConnection(connection);
  }
}

/**
 * node-postgres's callback form of `query`. Its promise form made the rows outlive the young
 * generation's collections: under the bench's lists load the service's heap grew with every scavenge and
 * needed frequent mark-compacts (--trace-gc); with the callback form it needs none (docs/performance.md,
 * "node-postgres's promise form").
 */
function query<T>(connection: ClientBase, config: QueryConfig & { rowMode?: 'array' }): Promise<T[]> {
  return new Promise((resolve, reject) => {
    connection.query(config, (error: Error | undefined, result: QueryResult) =>
      error ? reject(error) : resolve(result.rows as T[]),
    );
  });
}

/** The part of knex's client that lends its pool's node-postgres connections. */
interface PoolClient {
  acquireConnection(): Promise<ClientBase>;
  releaseConnection(connection: ClientBase): Promise<void>;
}

interface Statement {
  name: string;
  text: string;
}

const statements = new Map<string, Statement>();

/**
 * `text` with its placeholders numbered as PostgreSQL wants them (`?` → `$1`, `$2`, …), and a name: a
 * digest of the text (node-postgres keeps one prepared statement per name and connection).
 */
function prepare(text: string): Statement {
  let statement = statements.get(text);
  if (statement === undefined) {
    let n = 0;
    statement = {
      name: `parley_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`,
      text: text.replace(/\?/g, () => `$${++n}`),
    };
    if (statements.size >= 1000) statements.clear();
    statements.set(text, statement);
  }
  return statement;
}
