// Floor of the catalogue import: the same xlsx file read with the same library (@e965/xlsx) and its rows
// written with one bulk insert into catalogue_service.products (its generated search columns and indexes
// included: that is the same table's cost), for a throwaway owner, nothing else (no header detection, no
// validation, no upsert, no HTTP, no queue). Runs `runs` times; each run's rows are deleted after it.
// Config (JSON argument): { databaseUrl, file, runs }. Prints {"result":{ rps, p50, p99, requests, errors, seconds }}.
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import XLSX from '@e965/xlsx';
import pg from 'pg';

const config = JSON.parse(process.argv[2]);
const bytes = readFileSync(config.file);
const db = new pg.Client({ connectionString: config.databaseUrl });
await db.connect();

const times = [];
for (let run = 0; run < config.runs; run++) {
  const started = performance.now();
  const book = XLSX.read(bytes, { type: 'buffer' });
  const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 }).slice(2);
  const owner = randomUUID();
  await db.query(
    `insert into catalogue_service.products (id, owner_id, name, description, price, category, features, in_stock)
     select gen_random_uuid(), $1::uuid, name, description, replace(replace(price, '$', ''), ',', '')::numeric,
            category, string_to_array(features, ', '), stock <> 'no'
     from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
       as r(name, description, price, category, features, stock)`,
    [owner, ...[0, 1, 2, 3, 4, 5].map((c) => rows.map((row) => String(row[c])))],
  );
  times.push(performance.now() - started);
  await db.query('delete from catalogue_service.products where owner_id = $1', [owner]);
}
await db.end();
const sorted = [...times].sort((a, b) => a - b);
const median = sorted[Math.floor((sorted.length - 1) / 2)];
console.log(
  JSON.stringify({
    result: {
      rps: 1000 / median,
      p50: median,
      p99: sorted.at(-1),
      requests: times.length,
      errors: 0,
      seconds: median / 1000,
    },
  }),
);
