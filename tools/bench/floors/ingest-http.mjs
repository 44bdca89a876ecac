// Floor of the ingest scenarios, front half: a bare node:http server that, per POST, parses the JSON body
// and makes one raw nats.js request to the store floor (ingest-store.mjs), answering 201 with its reply.
// With `appSecret` the bodies are signed Messenger webhooks: the X-Hub-Signature-256 header is checked
// first (HMAC-SHA256 of the raw bytes, compared in constant time; 401 if wrong), and the message the body
// carries is what the store floor stores.
// Config (JSON argument): { natsUrl, subject, appSecret? }. Prints {"ready":{"port":…}} once listening.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { connect } from 'nats';

const { natsUrl, subject, appSecret } = JSON.parse(process.argv[2]);
const nc = await connect({ servers: natsUrl.split(','), name: 'bench-floor-ingest-http' });

/** The store floor's request for one body: the body itself, or the message of a signed webhook. */
function storeRequest(raw, signatureHeader) {
  const parsed = JSON.parse(raw.toString('utf8')); // the gateway parses and validates; the floor at least parses
  if (!appSecret) return raw;
  const expected = Buffer.from(`sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}`);
  const given = Buffer.from(String(signatureHeader ?? ''));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const event = parsed.entry[0].messaging[0];
  return JSON.stringify({
    platform: 'facebook',
    senderName: '',
    platformUsername: event.sender.id,
    content: event.message.text,
  });
}

const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    let status = 201;
    let body;
    try {
      const request = storeRequest(Buffer.concat(chunks), req.headers['x-hub-signature-256']);
      if (request === undefined) {
        status = 401;
        body = JSON.stringify({ message: 'bad signature' });
      } else {
        body = (await nc.request(subject, request, { timeout: 5000 })).data;
      }
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
