// Sustained capacity, for the reply and delivery scenarios (60, 61): the highest rate of inbound messages
// the stack keeps for a whole step, found by stepping the rate up until a step is not kept.
// BENCH_REPLIES_RATE is the first step (100/s), BENCH_REPLIES_STEP what each step adds (50/s),
// BENCH_REPLIES_MAX the last rate tried (400/s) and BENCH_REPLIES_SECONDS each step's length (60 s; shorter
// for a quick check, but then the figure is not the 60-second capacity). They do not follow --duration.
import { percentile } from './paced.mjs';
import { num } from './report.mjs';

/** The steps of this run, from the environment. */
export function capacitySteps(env = process.env) {
  const setting = (name, fallback) => {
    const value = Number(env[name] ?? fallback);
    if (!(value > 0)) throw new Error(`${name} must be a positive number, not "${env[name]}"`);
    return value;
  };
  const first = setting('BENCH_REPLIES_RATE', 100);
  const step = setting('BENCH_REPLIES_STEP', 50);
  const max = setting('BENCH_REPLIES_MAX', 400);
  const seconds = setting('BENCH_REPLIES_SECONDS', 60);
  const rates = [];
  for (let rate = first; rate <= max; rate += step) rates.push(rate);
  if (rates.length === 0)
    throw new Error(`BENCH_REPLIES_RATE (${first}) is above BENCH_REPLIES_MAX (${max})`);
  return { rates, seconds };
}

/** "100, 150 … 400/s, 60 s each": the steps, for a scenario's name. */
export function describeSteps({ rates, seconds }) {
  const range = rates.length <= 2 ? rates.join(', ') : `${rates[0]}, ${rates[1]} … ${rates.at(-1)}`;
  return `${range}/s, ${seconds} s each`;
}

/**
 * Runs `step(rate, seconds)` at each rate in turn until one is not kept; `step` answers
 * { kept, ours, why } (`ours`: that step's measurement, `why`: what kept it or not, in words).
 * Returns { ours, extra }: `ours` is the highest kept step's measurement with `rps` its rate (or, when
 * not even the first step was kept, the first one's with `rps` 0 and `below` its rate); `extra` has one
 * line per step run.
 */
export async function findCapacity({ rates, seconds }, step) {
  const extra = {};
  let best;
  let first;
  for (const rate of rates) {
    const { kept, ours, why } = await step(rate, seconds);
    first ??= ours;
    extra[`${rate}/s for ${seconds} s`] = { note: `${kept ? 'kept' : 'NOT kept'}: ${why}` };
    console.log(`  ${rate}/s: ${kept ? 'kept' : 'not kept'} (${why})`);
    if (!kept) break;
    best = { ...ours, rps: rate };
  }
  return { ours: best ?? { ...first, rps: 0, below: rates[0] }, extra };
}

/** The p50/p95/p99 of a step's latencies, for its `why`. */
export function latencyNote(m) {
  return `p50 ${num(m.p50)} ms, p95 ${num(m.p95)} ms, p99 ${num(m.p99)} ms`;
}

/**
 * A step's measurement from its open-loop `posts` (lib/paced.mjs): `acked`, the posts answered as they
 * should be; `doneAt(r)`, when the outcome of `r` was seen (a reply pushed, a send reached; Infinity when
 * not by the step's cutoff). rps: the outcomes seen by `sendEnd`, per second of sending; latencies: from
 * each post's sending to its outcome; errors: the posts not acked.
 */
export function stepMeasurement(posts, acked, doneAt, sendEnd) {
  const latencies = acked.map((r) => doneAt(r) - r.sentAt).sort((a, b) => a - b);
  return {
    rps: acked.filter((r) => doneAt(r) <= sendEnd).length / posts.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: posts.sent.length,
    errors: posts.sent.length - acked.length,
    seconds: posts.seconds,
  };
}
