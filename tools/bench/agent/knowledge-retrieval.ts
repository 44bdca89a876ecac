// Knowledge retrieval as messaging-service runs it for every reply: the RETRIEVE statement of
// knowledge.queries.ts, prepared once, `concurrency` in flight for `durationMs` after `warmupMs`, over the
// owner's passages (seeded by scenarios/76-knowledge-retrieval.mjs), the customer messages in turn. Run by
// that scenario (node -r @swc-node/register); prints one JSON line, a measurement.
import pg from 'pg';
import { RETRIEVE } from '../../../apps/messaging-service/src/knowledge/knowledge.queries';

interface Config {
  databaseUrl: string;
  ownerId: string;
  messages: string[];
  concurrency: number;
  warmupMs: number;
  durationMs: number;
}

const config = JSON.parse(process.argv[2]) as Config;
let n = 0;
const text = RETRIEVE.replace(/\?/g, () => `$${++n}`);

async function phase(clients: pg.Client[], ms: number) {
  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const end = performance.now() + ms;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      while (performance.now() < end) {
        const message = config.messages[next++ % config.messages.length];
        const start = performance.now();
        try {
          await client.query({ name: 'retrieve', text, values: [config.ownerId, message] });
          latencies.push(performance.now() - start);
        } catch {
          errors++;
        }
      }
    }),
  );
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

async function main(): Promise<void> {
  const clients = await Promise.all(
    Array.from({ length: config.concurrency }, async () => {
      const client = new pg.Client({
        connectionString: config.databaseUrl,
        options: '-c search_path=messaging_service,public',
      });
      await client.connect();
      return client;
    }),
  );
  await phase(clients, config.warmupMs);
  const { latencies, errors, seconds } = await phase(clients, config.durationMs);
  await Promise.all(clients.map((client) => client.end()));
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
  console.log(
    JSON.stringify({
      rps: latencies.length / seconds,
      p50: at(0.5),
      p99: at(0.99),
      requests: latencies.length + errors,
      errors,
      seconds,
    }),
  );
}

void main();
