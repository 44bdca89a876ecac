// Importing a 10 000-row xlsx end to end: POST /api/products/upload through the gateway until its answer
// (upload, checks, the Bull job reading the file, validating every row and upserting them), each run
// into a fresh owner's empty catalogue. Floor: floors/import-xlsx.mjs, the same file read with the same
// library plus one bulk insert. Three runs each, the median compared (as imports per second).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { catalogueWorkbook, IMPORT_ROWS } from '../lib/catalogue-file.mjs';
import { timedImports } from '../lib/uploads.mjs';

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
      const ours = await timedImports(ctx, {
        kind: 'import',
        route: '/api/products/upload',
        field: 'catalog',
        file: { bytes, type: XLSX_TYPE, name: 'catalogue.xlsx' },
        rows: IMPORT_ROWS,
        runs: RUNS,
      });
      return { ours, floor };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
