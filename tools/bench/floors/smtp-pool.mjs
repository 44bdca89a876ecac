// Floor of the email campaign scenario: nodemailer's SMTP pool alone (the same pool settings as
// marketing-service's: 5 connections, each replaced after 500 mails, opened with TCP_NODELAY as its
// mailer.ts `connectWithoutDelay` opens them; without it Nagle's algorithm and the sink's delayed ACK cost
// 40 ms per mail per connection, and the floor measured that wait rather than nodemailer) sending `mails` mails of the same
// subject and HTML to the same sink, 10 in flight (as marketing-service's 10 concurrent jobs), nothing else
// (no database, no queue, no personalising, no footer, no tracking).
// Config (JSON argument): { url, mails, subject, html }. Prints {"result":{ rps, p50, p99, requests, errors, seconds }}.
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { createTransport } from 'nodemailer';

const config = JSON.parse(process.argv[2]);
const { hostname, port } = new URL(config.url);
const transport = createTransport({
  host: hostname,
  port: Number(port),
  pool: true,
  maxConnections: 5,
  maxMessages: 500,
  getSocket(_options, callback) {
    const socket = net.connect({ host: hostname, port: Number(port), noDelay: true });
    socket.once('error', callback);
    socket.once('connect', () => {
      socket.removeListener('error', callback);
      callback(null, { connection: socket });
    });
  },
});
const IN_FLIGHT = 10;
let next = 0;
let errors = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: IN_FLIGHT }, async () => {
    while (next < config.mails) {
      const n = next++;
      try {
        await transport.sendMail({
          from: 'Bench Shop <no-reply@parley.bench>',
          to: `floor-${n}@example.com`,
          subject: config.subject,
          html: config.html,
          text: config.subject,
        });
      } catch {
        errors++;
      }
    }
  }),
);
const ms = performance.now() - started;
transport.close();
console.log(
  JSON.stringify({
    result: {
      rps: (config.mails / ms) * 1000,
      p50: ms,
      p99: ms,
      requests: config.mails,
      errors,
      seconds: ms / 1000,
    },
  }),
);
process.exit(0);
