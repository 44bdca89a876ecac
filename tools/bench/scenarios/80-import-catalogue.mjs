// Importing a 10 000-row xlsx end to end: POST /api/products/upload through the gateway until its answer
// (upload, checks, the Bull job reading the file, validating every row and upserting them), each run
// into a fresh owner's empty catalogue. Floor: floors/import-xlsx.mjs, the same file read with the same
// library plus one bulk insert. Three runs each, the median compared (as imports per second).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { catalogueWorkbook, IMPORT_ROWS } from '../lib/catalogue-file.mjs';
import { createOwner, deleteOwnerData, withDb } from '../lib/owners.mjs';

const RUNS = 3;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export default {
  name: `import a ${IMPORT_ROWS / 1000} k-row xlsx end to end (≤ 10 s) vs read + bulk insert`,
  target: { ratio: 0.4, withinMs: 10_000 },

  async run(ctx) {
    const bytes = catalogueWorkbook();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-import-'));
    const file = path.join(dir, 'catalogue.xlsx');
    writeFileSync(file, bytes);
    try {
      const floor = await ctx.runFloor('import-xlsx.mjs', {
        databaseUrl: ctx.env.DATABASE_URL,
        file,
        runs: RUNS,
      });
      const times = [];
      let errors = 0;
      for (let run = 0; run < RUNS; run++) {
        const owner = await createOwner(ctx, 'import');
        try {
          const form = new FormData();
          form.append('catalog', new Blob([bytes], { type: XLSX_TYPE }), 'catalogue.xlsx');
          const started = performance.now();
          const res = await fetch(`${ctx.gatewayUrl}/api/products/upload`, {
            method: 'POST',
            headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
            body: form,
          });
          const answer = await res.json();
          times.push(performance.now() - started);
          if (!res.ok || answer.created !== IMPORT_ROWS) {
            errors++;
            console.error(`  import answered ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
          }
        } finally {
          await withDb(ctx.env.DATABASE_URL, (db) => deleteOwnerData(db, owner.id));
        }
      }
      const sorted = [...times].sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)];
      const ours = {
        rps: 1000 / median,
        p50: median,
        p99: sorted.at(-1),
        requests: RUNS,
        errors,
        seconds: median / 1000,
      };
      return { ours, floor };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
