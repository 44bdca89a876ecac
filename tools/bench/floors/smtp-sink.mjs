// The local SMTP server both sides of the email campaign scenario send to: it takes every mail (reading
// it to the end, as a real server would) and keeps nothing. Prints {"ready":{"port":…}} once listening,
// then {"received":n,"atMs":…} each time the count of mails reaches a multiple of `every`.
// Config (JSON argument): { port, every }. Exits on SIGTERM or when the harness goes away.
import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

const config = JSON.parse(process.argv[2]);
let received = 0;
const server = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  size: 10 * 1024 * 1024,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      received++;
      if (received % config.every === 0)
        console.log(JSON.stringify({ received, atMs: performance.timeOrigin + performance.now() }));
      callback();
    });
  },
});
server.on('error', (error) => {
  console.error(`smtp sink: ${error.message}`);
  process.exit(1);
});
server.listen(config.port, '127.0.0.1', () => console.log(JSON.stringify({ ready: { port: config.port } })));

process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
