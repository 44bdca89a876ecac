// A year's report (GET /api/reports/overview over 365 days, then the time series by day, the funnel and the
// channels beside it) for one owner with BENCH_REPORTS_MESSAGES messages (1 000 000) over BENCH_REPORTS_CUSTOMERS
// customers (100 000), at 10 concurrent; target p99 ≤ 100 ms (issue 34 point 3). The rollups are rebuilt from the
// raw tables once after seeding (npm run reports:rebuild's function), and that time is reported too.
//
// The data, written with SQL (generate_series): customers on the four channels, added over the last year; each
// writes in conversations of two messages and the AI's two replies (a few minutes apart; one in five answered by
// a person instead, one in twenty marked as needing one), spread over the year; a third move to interested, a
// tenth on to qualified and converted, a fifth have a lead with a value.
import { performance } from 'node:perf_hooks';
import { rebuildReports } from '../../reports/rebuild.mjs';
import { createOwner, deleteOwnerData, withDb } from '../lib/owners.mjs';

const MESSAGES = Number(process.env.BENCH_REPORTS_MESSAGES ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_REPORTS_CUSTOMERS ?? 100_000);

async function seed(db, ownerId) {
  await db.query(
    `insert into messaging_service.customers (id, owner_id, name, platform, platform_username, created_at)
     select gen_random_uuid(), $1::uuid, 'Customer ' || c,
            (array['instagram', 'whatsapp', 'facebook', 'twitter'])[1 + c % 4], 'bench.' || c,
            now() - interval '365 days' + ((c::bigint * 2654435761) % (364 * 86400)) * interval '1 second'
       from generate_series(1, $2::int) c`,
    [ownerId, CUSTOMERS],
  );
  // Four messages per conversation: in, reply, in, reply.
  await db.query(
    `with c as (
       select id, platform, created_at, row_number() over (order by id) as n
         from messaging_service.customers where owner_id = $1
     )
     insert into messaging_service.messages
       (id, owner_id, customer_id, platform, content, direction, status, ai_generated, needs_human, timestamp)
     select gen_random_uuid(), $1::uuid, c.id, c.platform,
            case when k % 2 = 0 then 'Is the large size back in stock?' else 'Yes, in every size.' end,
            case when k % 2 = 0 then 'incoming' else 'outgoing' end,
            case when k % 2 = 0 then 'responded' else 'sent' end,
            k % 2 = 1 and (c.n + k / 4) % 5 <> 0,
            k % 2 = 0 and (c.n + k) % 20 = 0,
            least(now() - interval '1 minute',
                  c.created_at + (k / 4) * interval '9 days' + (k % 4) * interval '3 minutes' + (k % 2) * interval '17 seconds')
       from c cross join generate_series(0, ($2::int / $3::int) - 1) k`,
    [ownerId, MESSAGES, CUSTOMERS],
  );
  await db.query(
    `update messaging_service.customers set stage = case when (hashtext(id::text) & 1023) < 102 then 'converted'
                                                          when (hashtext(id::text) & 1023) < 205 then 'qualified'
                                                          else 'interested' end
      where owner_id = $1 and (hashtext(id::text) & 1023) < 341`,
    [ownerId],
  );
  await db.query(
    `insert into messaging_service.leads (id, owner_id, customer_id, source, value, status, created_at)
     select gen_random_uuid(), owner_id, id, platform, (hashtext(id::text) & 1023) * 1.5, 'new', created_at + interval '1 hour'
       from messaging_service.customers where owner_id = $1 and (hashtext(id::text) & 4095) < 819`,
    [ownerId],
  );
  // The seeding's own marks: the timed rebuild below does their work.
  await db.query('delete from messaging_service.report_dirty where owner_id = $1', [ownerId]);
  await db.query(
    `vacuum (analyze) messaging_service.customers, messaging_service.messages, messaging_service.leads,
       messaging_service.stage_changes, messaging_service.report_dirty`,
  );
}

export default {
  name: `a year's report at ${MESSAGES.toLocaleString('en')} messages / ${CUSTOMERS.toLocaleString('en')} customers, 10 concurrent`,
  target: { p99Ms: 100 },

  async run(ctx) {
    const owner = await createOwner(ctx, 'reports');
    try {
      const seeded = performance.now();
      await withDb(ctx.env.DATABASE_URL, (db) => seed(db, owner.id));
      console.log(`  seeded in ${Math.round(performance.now() - seeded)} ms`);
      const rebuild = await rebuildReports(ctx.env.DATABASE_URL, [owner.id], () => undefined);
      console.log(`  rebuilt the owner's rollups in ${rebuild.ms} ms`);
      await withDb(ctx.env.DATABASE_URL, (db) =>
        db.query('vacuum (analyze) messaging_service.report_days, messaging_service.report_response_days'),
      );
      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      const url = (path) => `${ctx.gatewayUrl}/api/reports/${path}?from=${from}&to=${to}`;
      const first = await fetch(url('overview'), { headers: { cookie: owner.cookie } });
      const overview = await first.json();
      if (first.status !== 200 || overview.current.messagesIn + overview.current.messagesOut === 0)
        throw new Error(`the report answered ${first.status}: ${JSON.stringify(overview).slice(0, 300)}`);
      const options = { connections: 10, headers: { cookie: owner.cookie } };
      const ours = await ctx.http(url('overview'), options);
      const extra = {
        'timeseries by day': await ctx.http(url('timeseries'), options),
        funnel: await ctx.http(url('funnel'), options),
        channels: await ctx.http(url('channels'), options),
        'rebuild from the raw tables': { note: `${(rebuild.ms / 1000).toFixed(1)} s, once after seeding` },
      };
      return { ours, extra };
    } finally {
      await withDb(ctx.env.DATABASE_URL, (db) => deleteOwnerData(db, owner.id));
    }
  },
};
