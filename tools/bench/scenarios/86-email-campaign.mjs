// A campaign to 10 000 subscribers end to end: POST …/send through the gateway until the local SMTP sink
// has taken the 10 000th mail (deliveries written, one Bull job each, claimed, personalised, CSS inlined,
// sanitised, footer and tracking added, sent over marketing-service's SMTP pool, stamped sent). Floor:
// floors/smtp-pool.mjs, nodemailer's pool alone sending 10 000 mails of the same content to the same sink
// (floors/smtp-sink.mjs, its own process, at the stack's SMTP_URL). Target: ≥ 50 % of the floor's mails per
// second, and marketing-service's and the gateway's resident memory flat (± 50 MB) during the send.
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { api, createOwner, deleteOwnerData, withDb } from '../lib/owners.mjs';

const MAILS = 10_000;
const RSS_LIMIT_MB = 50;
const SUBJECT = 'Spring sale: 20% off for {{ firstName | default: "you" }}';
const HTML = `<html><head><style>.hero{font:16px Arial;color:#1f2937}.cta{background:#2563eb;color:#fff;padding:12px}</style></head>
<body><div class="hero"><h1>Hello {{ firstName | default: "there" }}</h1>
<p>Everything in the shop is 20% off until Sunday. ${'Linen shirts, trousers and dresses for the warm days ahead. '.repeat(8)}</p>
<p><a class="cta" href="https://shop.example/sale?utm=mail">Shop the sale</a> or <a href="https://shop.example/new">see what is new</a>.</p>
</div></body></html>`;

export default {
  name: `campaign to ${MAILS / 1000} k subscribers via a local SMTP sink vs nodemailer's pool alone (memory ± ${RSS_LIMIT_MB} MB)`,
  // A resident-memory change beyond ± 50 MB is a MISS. (It used to count as 10 000 failed mails, so the
  // scenario read INVALID "> 1 % errors" when every mail had been delivered.)
  target: { ratio: 0.5, residentMb: RSS_LIMIT_MB },

  async run(ctx) {
    const port = Number(new URL(ctx.env.SMTP_URL).port);
    const sink = ctx.spawnFloor('smtp-sink.mjs', { port, every: MAILS });
    const owner = await createOwner(ctx, 'campaign');
    try {
      await sink.next(10_000); // listening
      // Not runFloor: its wait suits a timed load, and 10 000 mails on a busy machine take longer.
      const pool = ctx.spawnFloor('smtp-pool.mjs', {
        url: ctx.env.SMTP_URL,
        mails: MAILS,
        subject: SUBJECT.replace(/\{\{.*\}\}/, 'you'),
        html: HTML,
      });
      const { result: floor } = await pool.next(600_000).finally(() => pool.stop());
      await sink.next(60_000); // the floor's 10 000th mail

      await api(ctx, owner, 'PUT', '/api/ai-config', {
        companyName: 'Otter Outfitters',
        companyDescription: 'Outdoor clothing and camping gear shop in Valencia.',
        address: 'Carrer de Colón 1, 46004 València',
      });
      await importSubscribers(ctx, owner);
      const campaign = (
        await api(ctx, owner, 'POST', '/api/email/campaigns', {
          name: 'Spring sale',
          subject: SUBJECT,
          htmlContent: HTML,
        })
      ).body;

      const memory = residentMemory(ctx, ['marketing-service', 'gateway']);
      const started = performance.timeOrigin + performance.now();
      const sent = await api(ctx, owner, 'POST', `/api/email/campaigns/${campaign.id}/send`);
      const done = await sink.next(600_000); // our 10 000th mail
      const growth = memory.stop();
      const ms = done.atMs - started;

      // The sink counts a mail when it has taken it, a moment before marketing-service stamps it sent.
      let results;
      for (let tries = 0; tries < 50; tries++) {
        results = (await api(ctx, owner, 'GET', `/api/email/campaigns/${campaign.id}/results`)).body;
        if (results.delivered >= MAILS) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      // Errors are mails the sink did not get from us: recipients missing or deliveries not delivered.
      const errors = MAILS - (sent.body.totalRecipients === MAILS ? results.delivered : 0);
      const growthNotes = Object.entries(growth).map(
        ([app, mb]) => `${app} ${mb >= 0 ? '+' : ''}${mb.toFixed(0)} MB`,
      );
      const residentMb = Object.values(growth).reduce((a, b) => (Math.abs(b) > Math.abs(a) ? b : a), 0);
      return {
        ours: {
          rps: (MAILS / ms) * 1000,
          p50: ms,
          p99: ms,
          requests: MAILS,
          errors,
          seconds: ms / 1000,
          residentMb,
        },
        floor,
        extra: { 'resident memory during the send (max − start)': { note: growthNotes.join(', ') } },
      };
    } finally {
      await sink.stop();
      await withDb(ctx.env.DATABASE_URL, (db) => deleteOwnerData(db, owner.id));
    }
  },
};

/** 10 000 subscribers through POST /api/email/subscribers/import (one CSV). */
async function importSubscribers(ctx, owner) {
  const rows = Array.from({ length: MAILS }, (_, n) => `bench-${n}@example.com,Reader${n},Bench`);
  const form = new FormData();
  form.append(
    'file',
    new Blob([`email,first name,last name\n${rows.join('\n')}\n`], { type: 'text/csv' }),
    'list.csv',
  );
  const res = await fetch(`${ctx.gatewayUrl}/api/email/subscribers/import`, {
    method: 'POST',
    headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
    body: form,
  });
  const answer = await res.json();
  if (!res.ok || answer.created !== MAILS)
    throw new Error(`import answered ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
}

/**
 * Samples the resident memory of the stack's `apps` (found in /proc by their script and this stack's
 * NATS_PREFIX) every 200 ms; `stop()` answers each one's largest change from the first sample, in MB.
 */
function residentMemory(ctx, apps) {
  const pids = Object.fromEntries(apps.map((app) => [app, pidOf(ctx, app)]));
  const first = {};
  const furthest = {};
  const sample = () => {
    for (const [app, pid] of Object.entries(pids)) {
      const mb = rssMb(pid);
      if (mb === undefined) continue;
      first[app] ??= mb;
      const change = mb - first[app];
      if (Math.abs(change) > Math.abs(furthest[app] ?? 0)) furthest[app] = change;
    }
  };
  sample();
  const timer = setInterval(sample, 200);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return Object.fromEntries(apps.map((app) => [app, furthest[app] ?? 0]));
    },
  };
}

function pidOf(ctx, app) {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Each app names its process `parley-<app>` (process.title); before that, its script shows.
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (!cmdline.startsWith(`parley-${app}`) && !cmdline.includes(`dist/apps/${app}/main.js`)) continue;
      if (
        readFileSync(`/proc/${entry}/environ`, 'utf8')
          .split('\0')
          .includes(`NATS_PREFIX=${ctx.env.NATS_PREFIX}`)
      ) {
        return Number(entry);
      }
    } catch {
      // gone, or not ours to read
    }
  }
  throw new Error(`no ${app} process of this stack in /proc`);
}

function rssMb(pid) {
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}
