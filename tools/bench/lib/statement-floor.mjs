// The SQL statement a service runs for a request, straight through node-postgres: the floor of the list and
// search scenarios (70–79) at the same concurrency as ours, and knowledge retrieval's measurement (76).
// floors/service-statement.ts takes the statement from the service's own *.queries.ts; here the scenario
// names the queries method and the arguments its service passes for the request, and a list floor's rows
// are checked against the API's answer.
import { api } from './owners.mjs';

/**
 * Measures `calls` (each { query, args }: see QUERIES in floors/service-statement.ts), run in turn as
 * the statements they send, `connections` in flight. `check` ({ owner, path }): the same request through
 * the gateway; its answer must list the first call's rows, in order, or the floor would not be measuring
 * the statement ours runs. Returns the measurement.
 */
export async function serviceStatements(ctx, { calls, connections, check }) {
  const floor = ctx.spawnFloor('service-statement.ts', {
    databaseUrl: ctx.env.DATABASE_URL,
    calls,
    concurrency: connections,
    warmupMs: ctx.warmupS * 1000,
    durationMs: ctx.durationS * 1000,
  });
  let answer;
  try {
    // The service's ORM logs its warnings as JSON lines on the same stdout: the answer is the line with a result.
    for (;;) {
      answer = await floor.next((ctx.warmupS + ctx.durationS) * 1000 + 60_000);
      if (answer.result !== undefined) break;
      console.error(`  [service-statement] ${JSON.stringify(answer)}`);
    }
  } finally {
    await floor.stop();
  }
  if (check) {
    const { body } = await api(ctx, check.owner, 'GET', check.path);
    const ours = body.map((row) => row.id ?? row.customerId);
    if (ours.length === 0 || ours.join() !== answer.keys.join())
      throw new Error(
        `the floor's statement answers other rows than GET ${check.path}: ` +
          `${answer.keys.length} rows from ${answer.keys[0]}, against ${ours.length} from ${ours[0]}`,
      );
  }
  return answer.result;
}

/**
 * A list scenario's pair: the floor of `query` called with (owner.id, filter, limit), then ours, GET `path`
 * as `owner`, both at `connections`. `path` must be the request for which the service makes that call.
 */
export async function pageAndFloor(ctx, owner, { path, query, filter = {}, limit = 100, connections = 20 }) {
  const floor = await serviceStatements(ctx, {
    calls: [{ query, args: [owner.id, filter, limit] }],
    connections,
    check: { owner, path },
  });
  const ours = await ctx.http(`${ctx.gatewayUrl}${path}`, { connections, headers: { cookie: owner.cookie } });
  return { ours, floor };
}
