// The SQL statement a service runs for a request, straight through node-postgres: the floor of the list and
// search scenarios, and knowledge retrieval's own measurement (76). The statement is not written here, so
// it cannot drift from the service's: for each of `calls` this runs the service's own queries method (its
// *.queries.ts) once, on a MikroORM EntityManager made with the service's ORM options, and records what
// that call sent to node-postgres (prepared statement name, text, parameters, row mode). Then it runs those
// statements in turn, `concurrency` in flight over a pg Pool with the service's pool size and connection
// settings, first for `warmupMs` unrecorded, then for `durationMs`.
// Run with -r @swc-node/register. Config (JSON argument): { databaseUrl, calls: [{ query, args }],
// concurrency, warmupMs, durationMs } with `query` a key of QUERIES and `args` its arguments.
// Prints {"result":{ rps, p50, p99, requests, errors, seconds }, "keys": [the first call's rows' ids, as the
// API answers them (a conversation's is its customerId; a knowledge item's, its title)]}.
import { performance } from 'node:perf_hooks';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';
import type { ServiceName } from '@parley/contracts';
import { BaseConfig, loadConfig, ormOptions } from '@parley/server-kit';
import { ProductSearchQueries } from '../../../apps/catalogue-service/src/products/product-search.queries';
import {
  type ProductFilter,
  ProductsQueries,
} from '../../../apps/catalogue-service/src/products/products.queries';
import {
  type ConversationFilter,
  ConversationsQueries,
} from '../../../apps/messaging-service/src/conversations/conversations.queries';
import {
  type CustomerFilter,
  CustomersQueries,
} from '../../../apps/messaging-service/src/customers/customers.queries';
import { KnowledgeQueries } from '../../../apps/messaging-service/src/knowledge/knowledge.queries';
import {
  type MessageFilter,
  MessagesQueries,
} from '../../../apps/messaging-service/src/messages/messages.queries';

interface Query {
  service: ServiceName;
  /** Runs the queries method with the JSON arguments; answers the ids (or names) of the rows it returned. */
  run(em: EntityManager, args: unknown[]): Promise<string[]>;
}

/** The queries methods a scenario may name, as the services call them for the requests measured. */
const QUERIES: Record<string, Query> = {
  'messages.page': {
    service: 'messaging-service',
    run: async (em, [ownerId, filter, limit]) =>
      ids(await new MessagesQueries(em).page(ownerId as string, filter as MessageFilter, limit as number)),
  },
  'customers.page': {
    service: 'messaging-service',
    run: async (em, [ownerId, filter, limit]) =>
      ids(await new CustomersQueries(em).page(ownerId as string, filter as CustomerFilter, limit as number)),
  },
  'conversations.page': {
    service: 'messaging-service',
    run: async (em, [ownerId, filter, limit]) =>
      (
        await new ConversationsQueries(em).page(
          ownerId as string,
          filter as ConversationFilter,
          limit as number,
        )
      ).items.map((conversation) => conversation.customerId),
  },
  'knowledge.retrieve': {
    service: 'messaging-service',
    run: async (em, [ownerId, message]) =>
      (await new KnowledgeQueries(em).retrieve(ownerId as string, message as string)).map(
        (item) => item.title,
      ),
  },
  'products.page': {
    service: 'catalogue-service',
    run: async (em, [ownerId, filter, limit]) =>
      ids(await new ProductsQueries(em).page(ownerId as string, filter as ProductFilter, limit as number)),
  },
  'products.search': {
    service: 'catalogue-service',
    run: async (em, [ownerId, text]) =>
      (await new ProductSearchQueries(em).search(ownerId as string, text as string)).hits.map(
        (hit) => hit.name,
      ),
  },
};

interface Config {
  databaseUrl: string;
  calls: { query: string; args: unknown[] }[];
  concurrency: number;
  warmupMs: number;
  durationMs: number;
}

function ids(page: { items: { id: string }[] }): string[] {
  return page.items.map((item) => item.id);
}

/** What `run` sent to node-postgres: the object configs of Client#query while it ran. */
async function recorded(
  run: () => Promise<string[]>,
): Promise<{ statements: pg.QueryConfig[]; keys: string[] }> {
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  const statements: pg.QueryConfig[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    if (typeof args[0] === 'object' && args[0] !== null) statements.push({ ...(args[0] as pg.QueryConfig) });
    return query.apply(this, args);
  };
  try {
    return { keys: await run(), statements };
  } finally {
    client.query = query;
  }
}

/** Runs `statements` in turn with `concurrency` in flight until `ms` have passed. */
async function phase(pool: pg.Pool, statements: pg.QueryConfig[], concurrency: number, ms: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const statement = statements[next++ % statements.length];
        const start = performance.now();
        try {
          await pool.query(statement);
          latencies.push(performance.now() - start);
        } catch (error) {
          errors++;
          if (errors === 1) process.stderr.write(`[service-statement] ${(error as Error).message}\n`);
        }
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const config = JSON.parse(process.argv[2]) as Config;
  const queries = config.calls.map(({ query }) => {
    const known = QUERIES[query];
    if (!known) throw new Error(`unknown query ${query} (have: ${Object.keys(QUERIES).join(', ')})`);
    return known;
  });
  const services = new Set(queries.map((q) => q.service));
  if (services.size !== 1)
    throw new Error(`the calls must all be one service's, not ${[...services].join(', ')}`);
  const options = ormOptions(
    queries[0].service,
    loadConfig(BaseConfig, { DATABASE_URL: config.databaseUrl, LOG_LEVEL: 'warn' }),
    { entities: [], migrations: [] },
  );

  const orm = await MikroORM.init(options);
  const statements: pg.QueryConfig[] = [];
  let keys: string[] = [];
  try {
    const em = orm.em.fork();
    await em.getConnection().execute('select 1'); // the pool's first connection, outside the recording
    for (const [i, { args }] of config.calls.entries()) {
      const call = await recorded(() => queries[i].run(em, args));
      if (call.statements.length !== 1)
        throw new Error(
          `${config.calls[i].query} ran ${call.statements.length} statements; the floor runs one`,
        );
      statements.push(call.statements[0]);
      if (i === 0) keys = call.keys;
    }
  } finally {
    await orm.close();
  }

  const connection = (options.driverOptions as { connection: { options: string } }).connection;
  const pool = new pg.Pool({
    connectionString: config.databaseUrl,
    options: connection.options,
    max: options.pool?.max,
  });
  await phase(pool, statements, config.concurrency, config.warmupMs);
  const { latencies, errors, seconds } = await phase(pool, statements, config.concurrency, config.durationMs);
  await pool.end();
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  const result = {
    rps: latencies.length / seconds,
    p50: at(0.5),
    p99: at(0.99),
    requests: latencies.length + errors,
    errors,
    seconds,
  };
  console.log(JSON.stringify({ result, keys }));
}

main().catch((error: unknown) => {
  process.stderr.write(`[service-statement] ${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
