// npm run reports:rebuild [-- <owner id> …]: recomputes the report rollups of every owner (or of the owners named)
// from the raw tables (docs/reports.md, "Rollups"), one owner per transaction, and prints how long it took.
// The work is messaging-service's own function, report_rebuild(owner), which the service's folds share.
// DATABASE_URL as for `npm start` (default postgres://postgres@127.0.0.1:5432/parley).
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/** Rebuilds the owners' rollups (all owners with customers or an AI configuration when `owners` is empty). */
export async function rebuildReports(databaseUrl, owners = [], log = console.log) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids =
      owners.length > 0
        ? owners
        : (
            await client.query(`select owner_id from messaging_service.customers
                                union select owner_id from messaging_service.ai_configs`)
          ).rows.map((row) => row.owner_id);
    const started = performance.now();
    for (const id of ids) {
      const one = performance.now();
      await client.query('select messaging_service.report_rebuild($1)', [id]);
      log(`  ${id}: ${Math.round(performance.now() - one)} ms`);
    }
    const ms = Math.round(performance.now() - started);
    log(`rebuilt the reports of ${ids.length} owner(s) in ${ms} ms`);
    return { owners: ids.length, ms };
  } finally {
    await client.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const owners = process.argv.slice(2);
  const bad = owners.find(
    (id) => !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id),
  );
  if (bad !== undefined) {
    console.error(`not an owner id: ${bad}`);
    process.exit(2);
  }
  await rebuildReports(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/parley', owners).catch(
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
