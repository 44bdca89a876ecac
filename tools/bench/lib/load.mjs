// HTTP load with autocannon (in the harness process, which does nothing else meanwhile).
// Every measurement, HTTP or not, has the same shape: { rps, p50, p99, requests, errors, seconds }
// where rps counts successful requests only and latencies are in milliseconds (a measurement may add
// p95 and a `note`, see lib/report.mjs).
import autocannon from 'autocannon';

/**
 * A short warm-up run (not recorded), then the measured run. Other autocannon options (`requests` with
 * a `setupRequest` for varied bodies, `timeout`, …) are passed through to both runs.
 */
export async function httpLoad(
  url,
  { connections, durationS, warmupS, method = 'GET', headers, body, ...more },
) {
  const options = { url, connections, method, headers, body, ...more };
  if (warmupS > 0) await autocannon({ ...options, duration: warmupS });
  const r = await autocannon({ ...options, duration: durationS });
  return {
    rps: r['2xx'] / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r['2xx'] + r.non2xx,
    errors: r.non2xx + r.errors + r.timeouts,
    seconds: r.duration,
  };
}
