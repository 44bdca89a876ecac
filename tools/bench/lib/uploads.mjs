// One-shot imports measured end to end: a file POSTed as multipart to an import route for a fresh owner
// (deleted afterwards), `runs` times; the median run is the measurement (rps = 1 / duration).
import { performance } from 'node:perf_hooks';
import { createOwner, deleteOwnerData, withDb } from './owners.mjs';

/**
 * Uploads `file` ({ bytes, type, name }) in the form field `field` to `route` `runs` times, each time for a
 * new owner of `kind`; a run whose answer is not 2xx with `created` equal to `rows` counts as an error.
 * Answers { rps, p50, p99, requests, errors, seconds }.
 */
export async function timedImports(ctx, { kind, route, field, file, rows, runs }) {
  const times = [];
  let errors = 0;
  for (let run = 0; run < runs; run++) {
    const owner = await createOwner(ctx, kind);
    try {
      const form = new FormData();
      form.append(field, new Blob([file.bytes], { type: file.type }), file.name);
      const started = performance.now();
      const res = await fetch(`${ctx.gatewayUrl}${route}`, {
        method: 'POST',
        headers: { cookie: owner.cookie, origin: ctx.gatewayUrl },
        body: form,
      });
      const answer = await res.json();
      times.push(performance.now() - started);
      if (!res.ok || answer.created !== rows) {
        errors++;
        console.error(`  import answered ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
      }
    } finally {
      await withDb(ctx.env.DATABASE_URL, (db) => deleteOwnerData(db, owner.id));
    }
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  return {
    rps: 1000 / median,
    p50: median,
    p99: sorted.at(-1),
    requests: runs,
    errors,
    seconds: median / 1000,
  };
}
