// Floor of the ingest scenario, front half: a bare node:http server that, per POST, parses the JSON body
// and makes one raw nats.js request to the store floor (ingest-store.mjs), answering 201 with its reply.
// Config (JSON argument): { natsUrl, subject }. Prints {"ready":{"port":…}} once listening.
import http from 'node:http';
import { connect } from 'nats';

const { natsUrl, subject } = JSON.parse(process.argv[2]);
const nc = await connect({ servers: natsUrl.split(','), name: 'bench-floor-ingest-http' });

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    let status = 201;
    let body;
    try {
      const raw = Buffer.concat(chunks);
      JSON.parse(raw.toString('utf8')); // the gateway parses and validates; the floor at least parses
      body = (await nc.request(subject, raw, { timeout: 5000 })).data;
    } catch (error) {
      status = 500;
      body = JSON.stringify({ message: String(error) });
    }
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ ready: { port: server.address().port } })));

const close = () => nc.close().finally(() => process.exit(0));
process.once('SIGTERM', close);
process.stdin.resume();
process.stdin.on('end', close);
