// What keeping the reports costs the hot path (issue 34 point 3: at most 10 % of the ingest and reply figures,
// in the same run). The same measurement twice, back to back, with the report marks on ("ours") and off
// ("floor"): every trigger of messaging-service that writes a `report_dirty` mark or a `stage_changes` row is
// disabled for the "off" half (docs/reports.md lists them), so ingest and replies do no report work and the
// background fold finds nothing to fold. Order on, off, off, on, so a drift of the machine falls on both halves.
//
// - ingest: POST /api/simulate-message at 50 connections (as 50-ingest.mjs); the figure is throughput.
// - replies: 100 messages/s for 20 s, each from a new customer, auto-respond on with no delay (as
//   60-replies.mjs, at one rate below capacity); the figure is replies per CPU-second of the whole machine
//   (/proc/stat, from the first message until every message is answered), since at a rate the stack keeps the
//   cost shows as CPU, not as lost throughput. Nothing else may run on the machine.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { ingestBody, measureIngest } from '../lib/ingest.mjs';
import {
  createOwner,
  pendingIncoming,
  purgeStaleOwners,
  raiseApiCallLimit,
  retireOwner,
  setAutoRespond,
  withDb,
} from '../lib/owners.mjs';
import { pacedPosts } from '../lib/paced.mjs';
import { num } from '../lib/report.mjs';

const REPLY_RATE = 100;
const REPLY_SECONDS = 20;
/** Triggers that keep the reports: the report marks and the stage history the funnel reads. */
const REPORT_TRIGGERS = `select c.relname as "table", t.tgname as "trigger"
   from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'messaging_service' and not t.tgisinternal
    and (t.tgname like '%report%' or t.tgname like 'customers_stage_history%')`;

export default {
  name: 'what keeping the reports costs: ingest and replies with the report triggers on vs off',
  target: { ratio: 0.9 },

  async run(ctx) {
    const halves = { on: [], off: [] };
    for (const marks of ['on', 'off', 'off', 'on']) {
      await setReportTriggers(ctx.env.DATABASE_URL, marks === 'on');
      try {
        const { ours } = await measureIngest(ctx, { connections: 50 });
        const replies = await repliesPerCpuSecond(ctx);
        halves[marks].push({ ingest: ours, replies });
      } finally {
        await setReportTriggers(ctx.env.DATABASE_URL, true);
      }
    }
    const mean = (list, pick) => list.reduce((sum, x) => sum + pick(x), 0) / list.length;
    const side = (list) => ({
      ...list[0].ingest,
      rps: mean(list, (x) => x.ingest.rps),
      p99: mean(list, (x) => x.ingest.p99),
      repliesPerCpuS: mean(list, (x) => x.replies.perCpuS),
    });
    const on = side(halves.on);
    const off = side(halves.off);
    return {
      ours: on,
      floor: off,
      extra: {
        'replies per CPU-second, marks on vs off': {
          note:
            `${num(on.repliesPerCpuS)} vs ${num(off.repliesPerCpuS)} (${num((100 * on.repliesPerCpuS) / off.repliesPerCpuS)} %, ` +
            `target ≥ 90 %); each half ${REPLY_RATE}/s for ${REPLY_SECONDS} s, whole-machine CPU from the first ` +
            `message to the last reply`,
        },
        'ingest, marks on vs off': {
          note: `${num(on.rps)} vs ${num(off.rps)} req/s (the ratio above), p99 ${num(on.p99)} vs ${num(off.p99)} ms`,
        },
      },
    };
  },
};

async function setReportTriggers(databaseUrl, enabled) {
  await withDb(databaseUrl, async (db) => {
    const { rows } = await db.query(REPORT_TRIGGERS);
    if (rows.length === 0) throw new Error('no report trigger found in messaging_service');
    for (const { table, trigger } of rows) {
      await db.query(
        `alter table messaging_service."${table}" ${enabled ? 'enable' : 'disable'} trigger "${trigger}"`,
      );
    }
  });
}

/** Busy and total jiffies of the whole machine so far (/proc/stat's first line). */
function cpuJiffies() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0].trim().split(/\s+/);
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fields.map(Number);
  return { busy: user + nice + system + irq + softirq + steal, idle: idle + iowait };
}

async function repliesPerCpuSecond(ctx) {
  const databaseUrl = ctx.env.DATABASE_URL;
  await purgeStaleOwners(databaseUrl);
  const owner = await createOwner(ctx, 'reports-cost');
  try {
    await raiseApiCallLimit(databaseUrl, owner.id);
    await setAutoRespond(ctx, owner, { autoRespond: true, responseDelay: 0 });
    const tag = owner.id.slice(0, 8);
    const before = cpuJiffies();
    const run = await pacedPosts({
      url: `${ctx.gatewayUrl}/api/simulate-message`,
      headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
      body: (n) => {
        const body = ingestBody(n);
        return { ...body, platformUsername: `${body.platformUsername}.${tag}.${n}` };
      },
      rate: REPLY_RATE,
      seconds: REPLY_SECONDS,
    });
    await run.answered;
    const deadline = performance.now() + 60_000;
    let pending;
    while ((pending = await withDb(databaseUrl, (db) => pendingIncoming(db, owner.id))) > 0) {
      if (performance.now() > deadline) throw new Error(`${pending} messages still unanswered after 60 s`);
      await sleep(50);
    }
    const after = cpuJiffies();
    const answered = run.sent.filter((r) => r.status === 201).length;
    const cpuS = (after.busy - before.busy) / 100; // USER_HZ is 100 on Linux
    return { perCpuS: answered / cpuS };
  } finally {
    await retireOwner(ctx, owner);
  }
}
