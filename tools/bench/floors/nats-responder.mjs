// Floor: a plain nats.js responder in a queue group. It decodes the request and answers a small JSON
// in Nest's packet format, as a Parley service's health handler does — minus Nest.
// Config (JSON argument): { natsUrl, subject }. Prints {"ready":{}} once subscribed.
import { connect } from 'nats';

const { natsUrl, subject } = JSON.parse(process.argv[2]);
const nc = await connect({ servers: natsUrl.split(','), name: 'bench-floor-responder' });
const encoder = new TextEncoder();
const decoder = new TextDecoder();

nc.subscribe(subject, {
  queue: 'bench-floor',
  callback: (error, msg) => {
    if (error) return;
    const { id } = JSON.parse(decoder.decode(msg.data));
    msg.respond(
      encoder.encode(JSON.stringify({ id, response: { service: 'floor', status: 'up' }, isDisposed: true })),
    );
  },
});
await nc.flush(); // the subscription is known to the server before we say ready
console.log(JSON.stringify({ ready: {} }));

const close = () => nc.drain().finally(() => process.exit(0));
process.once('SIGTERM', close);
process.stdin.resume();
process.stdin.on('end', close);
