// Floor load generator: keeps `concurrency` nats.js requests in flight (one shared reply inbox, as the
// gateway's ServiceClient does), first for `warmupMs` unrecorded, then for `durationMs`.
// Config (JSON argument): { natsUrl, subject, pattern, concurrency, warmupMs, durationMs, timeoutMs,
// payloads? } — `payloads`, the RpcRequests sent in turn (default one empty request); an answer that is
// an error envelope counts as an error.
// Prints {"result":{ rps, p50, p99, requests, errors, seconds }} and exits.
import { performance } from 'node:perf_hooks';
import { connect } from 'nats';

const config = JSON.parse(process.argv[2]);
const nc = await connect({ servers: config.natsUrl.split(','), name: 'bench-floor-requester' });
const encoder = new TextEncoder();
const decoder = new TextDecoder();
const payloads = config.payloads ?? [{ data: {} }];
let nextId = 0;

/** Runs `concurrency` request loops until `ms` have passed; returns latencies (ms) and error count. */
async function phase(ms) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + ms;
  const loop = async () => {
    while (performance.now() < end) {
      const packet = {
        id: `floor-${++nextId}`,
        pattern: config.pattern,
        data: payloads[nextId % payloads.length],
      };
      const started = performance.now();
      try {
        const msg = await nc.request(config.subject, encoder.encode(JSON.stringify(packet)), {
          timeout: config.timeoutMs ?? 5000,
        });
        const answer = JSON.parse(decoder.decode(msg.data));
        if (answer.err !== undefined) throw new Error(JSON.stringify(answer.err));
        latencies.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: config.concurrency }, loop));
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

function percentile(sorted, p) {
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

if (config.warmupMs > 0) await phase(config.warmupMs);
const { latencies, errors, seconds } = await phase(config.durationMs);
const sorted = Float64Array.from(latencies).sort();
const result = {
  rps: latencies.length / seconds,
  p50: percentile(sorted, 50),
  p99: percentile(sorted, 99),
  requests: latencies.length + errors,
  errors,
  seconds,
};
console.log(JSON.stringify({ result }));
await nc.drain();
process.exit(0);
