import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';

/**
 * Runs a node process that sends 3 000 requests (20 at a time) through a ServiceClient to a responder
 * on the real NATS server, with one full GC forced while requests are waiting, and answers the bytes
 * its scavenges promoted to the old generation per request after that GC (from --trace-gc-nvp).
 */
function promotedBytesPerRequest(): number {
  const client = path.join(__dirname, '../src/nats/service-client.ts');
  const rawReply = path.join(__dirname, '../src/nats/raw-reply.ts');
  const script = `
    const { connect, headers } = require('nats');
    const { ServiceClient } = require(${JSON.stringify(client)});
    const { RAW_REPLY_HEADER } = require(${JSON.stringify(rawReply)});
    (async () => {
      const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
      const prefix = ${JSON.stringify(`gc-test-${randomUUID()}.`)};
      const raw = headers();
      raw.set(RAW_REPLY_HEADER, '1');
      const body = Buffer.alloc(2000, 120);
      nc.subscribe(prefix + 'auth.echo', { callback: (error, msg) => msg.respond(body, { headers: raw }) });
      const services = new ServiceClient(nc, prefix, 5000);
      const run = (requests) =>
        Promise.all(Array.from({ length: 20 }, async () => {
          for (let i = 0; i < requests / 20; i++) await services.sendRaw('auth.echo', { i });
        }));
      await run(1000);
      const forced = run(200);
      await new Promise((resolve) => setTimeout(resolve, 5));
      globalThis.gc();
      await forced;
      console.log('MEASURE');
      await run(3000);
      console.log('END');
      await nc.close();
    })();
  `;
  const output = execFileSync(
    process.execPath,
    ['--expose-gc', '--trace-gc-nvp', '--max-semi-space-size=1', '-r', '@swc-node/register', '-e', script],
    { encoding: 'utf8', cwd: path.join(__dirname, '../../..'), maxBuffer: 64 * 1024 * 1024 },
  );
  const measured = output.slice(output.indexOf('MEASURE'), output.indexOf('END'));
  const scavenges = measured.split('\n').filter((line) => line.includes('gc=s '));
  expect(scavenges.length).toBeGreaterThan(5);
  const promoted = scavenges.reduce((sum, line) => sum + Number(/ promoted=(\d+)/.exec(line)?.[1]), 0);
  return promoted / 3000;
}

describe('ServiceClient under a steady flow of requests', () => {
  it('lets settled requests die young, even after a full GC caught some waiting', () => {
    // Whole requests kept alive by the table of waiting requests would be kilobytes each.
    expect(promotedBytesPerRequest()).toBeLessThan(300);
  });
});
