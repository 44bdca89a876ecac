// An open-loop sender: starts one request every 1/rate s whatever the answers (keep-alive node:http),
// so a slow system meets the same arrival rate instead of slowing the sender down.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * POSTs `body(n)` to `url` at `rate` per second for `seconds` (`headers`: an object, or a function of the
 * serialised body, e.g. for a signature over it). For each request: `sentAt` (ms, from
 * performance.now() in this process) and, once answered, `status`, `ackAt` and the parsed JSON `json`
 * (or `error`). Resolves as soon as the last request is sent with { sent: [...], startedAt, seconds,
 * answered }, `answered` resolving once every request has its answer or error.
 */
export async function pacedPosts({ url, headers, body, rate, seconds, timeoutMs = 10_000 }) {
  const headersOf = typeof headers === 'function' ? headers : () => headers;
  const target = new URL(url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const total = Math.round(rate * seconds);
  const intervalMs = 1000 / rate;
  const sent = [];
  const answers = [];

  const post = (n) => {
    const payload = JSON.stringify(body(n));
    const record = { n, sentAt: performance.now() };
    sent.push(record);
    answers.push(
      new Promise((resolve) => {
        const req = http.request(
          {
            agent,
            host: target.hostname,
            port: target.port,
            path: target.pathname + target.search,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              ...headersOf(payload),
            },
            timeout: timeoutMs,
          },
          (res) => {
            const chunks = [];
            res.on('data', (chunk) => chunks.push(chunk));
            res.on('end', () => {
              record.ackAt = performance.now();
              record.status = res.statusCode;
              try {
                record.json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              } catch {
                record.json = undefined;
              }
              resolve();
            });
          },
        );
        req.on('timeout', () => req.destroy(new Error('timeout')));
        req.on('error', (error) => {
          record.error = error.message;
          resolve();
        });
        req.end(payload);
      }),
    );
  };

  const started = performance.now();
  await new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor((performance.now() - started) / intervalMs) + 1);
      while (sent.length < due) post(sent.length);
      if (sent.length >= total) return resolve();
      setTimeout(tick, Math.max(0, started + sent.length * intervalMs - performance.now()));
    };
    tick();
  });
  const answered = Promise.all(answers).then(() => agent.destroy());
  return { sent, startedAt: started, seconds: (performance.now() - started) / 1000, answered };
}

/** The p-th percentile (nearest rank) of an ascending array; NaN if empty. */
export function percentile(sorted, p) {
  return sorted.length === 0
    ? NaN
    : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
