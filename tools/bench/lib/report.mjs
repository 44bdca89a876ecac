// Verdicts, the printed table and results/latest.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A target is one of:
 *   { ratio: 0.7 }  ours.rps ≥ 70 % of floor.rps (measured in the same run)
 *   { ratio: 0.5, p99Ratio: 2 }  the same, and ours.p99 ≤ 2 × floor.p99
 *   { ratio: 0.4, withinMs: 10000 }  the same, and ours.p50 ≤ 10 s (one-shot jobs: rps = 1 / duration)
 *   { ratio: 0.5, residentMb: 50 }  the same, and ours.residentMb (the largest resident-memory change of the
 *                      apps watched while it ran, in MB, either way) ≤ 50: a miss, not failed requests
 *   { capacity: 200 }  ours.rps ≥ 200, ours.rps being the highest rate the stack kept (lib/capacity.mjs;
 *                      `ours.below` when not even its first rate was)
 *   { p99Ms: 150 }  ours.p99 ≤ 150 ms
 *   { p95Ms: 300 }  ours.p95 ≤ 300 ms (for measurements that report a p95)
 *   { rps: 1000 }   ours.rps ≥ 1000
 * Returns { value, pass, label } for one round's { ours, floor }.
 */
export function judge(target, { ours, floor }) {
  if (target.ratio !== undefined) {
    const value = ours.rps / floor.rps;
    if (target.p99Ratio !== undefined) {
      const p99 = ours.p99 / floor.p99;
      return {
        value,
        pass: value >= target.ratio && p99 <= target.p99Ratio,
        label: `≥ ${pct(target.ratio)}, p99 ≤ ${target.p99Ratio}×`,
        shown: `${pct(value)}, p99 ${num(p99)}×`,
      };
    }
    if (target.residentMb !== undefined) {
      return {
        value,
        pass: value >= target.ratio && Math.abs(ours.residentMb) <= target.residentMb,
        label: `≥ ${pct(target.ratio)}, ± ${num(target.residentMb)} MB`,
        shown: `${pct(value)}, ${ours.residentMb >= 0 ? '+' : ''}${num(ours.residentMb)} MB`,
      };
    }
    if (target.withinMs !== undefined) {
      return {
        value,
        pass: value >= target.ratio && ours.p50 <= target.withinMs,
        label: `≥ ${pct(target.ratio)}, ≤ ${num(target.withinMs / 1000)} s`,
        shown: `${pct(value)}, ${num(ours.p50 / 1000)} s`,
      };
    }
    return { value, pass: value >= target.ratio, label: `≥ ${pct(target.ratio)}`, shown: pct(value) };
  }
  if (target.p99Ms !== undefined) {
    return {
      value: ours.p99,
      pass: ours.p99 <= target.p99Ms,
      label: `p99 ≤ ${target.p99Ms} ms`,
      shown: `${num(ours.p99)} ms`,
    };
  }
  if (target.p95Ms !== undefined) {
    return {
      value: ours.p95,
      pass: ours.p95 <= target.p95Ms,
      label: `p95 ≤ ${target.p95Ms} ms`,
      shown: `${num(ours.p95)} ms`,
    };
  }
  if (target.capacity !== undefined) {
    return {
      value: ours.rps,
      pass: ours.rps >= target.capacity,
      label: `kept ≥ ${num(target.capacity)}/s`,
      shown: ours.below === undefined ? `${num(ours.rps)}/s` : `< ${num(ours.below)}/s`,
    };
  }
  if (target.rps !== undefined) {
    return {
      value: ours.rps,
      pass: ours.rps >= target.rps,
      label: `≥ ${num(target.rps)}/s`,
      shown: `${num(ours.rps)}/s`,
    };
  }
  throw new Error(`unknown target ${JSON.stringify(target)}`);
}

/** More than 1 % failed requests make a measurement meaningless, whatever its req/s. */
export function tooManyErrors(m) {
  return m !== undefined && m.errors > 0.01 * Math.max(m.requests, 1);
}

const COLUMNS = [
  ['scenario', 'left'],
  ['ours req/s', 'right'],
  ['p50 ms', 'right'],
  ['p99 ms', 'right'],
  ['floor req/s', 'right'],
  ['floor p99', 'right'],
  ['ratio', 'right'],
  ['target', 'right'],
  ['result', 'left'],
];

export function printTable(results) {
  const rows = results.map((r) =>
    r.error
      ? [r.name, '', '', '', '', '', '', r.targetLabel ?? '', `ERROR: ${r.error}`]
      : [
          r.name,
          num(r.ours.rps),
          num(r.ours.p50),
          num(r.ours.p99),
          num(r.floor?.rps),
          num(r.floor?.p99),
          r.shown,
          r.targetLabel,
          r.verdict,
        ],
  );
  const widths = COLUMNS.map(([title], i) =>
    Math.max(title.length, ...rows.map((row) => String(row[i]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) =>
        COLUMNS[i][1] === 'left' ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]),
      )
      .join('  ')
      .trimEnd();
  console.log(line(COLUMNS.map(([title]) => title)));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
  for (const r of results) {
    for (const [label, m] of Object.entries(r.extra ?? {})) {
      // An extra that is not a load measurement (a count, a setting) carries only a `note` to print.
      const figures =
        m.rps === undefined ? [] : [`${num(m.rps)} req/s, p50 ${num(m.p50)} ms, p99 ${num(m.p99)} ms`];
      console.log(`  ${r.name} — ${label}: ${[...figures, m.note].filter(Boolean).join('; ')}`);
    }
    if (r.rounds?.length > 1)
      console.log(`  ${r.name} — per round: ${r.rounds.map((x) => x.shown).join(', ')} (median shown)`);
  }
}

export function writeJson(file, report) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

export function num(n) {
  if (n === undefined || n === null || Number.isNaN(n)) return '–';
  if (n >= 100) return Math.round(n).toLocaleString('en-US');
  return n.toFixed(n >= 10 ? 1 : 2);
}

function pct(x) {
  return `${Math.round(x * 100)} %`;
}
