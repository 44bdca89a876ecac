// Meta webhooks: POST /api/webhooks/meta with a signed Messenger message (gateway reads the raw bytes →
// NATS → integrations-service: signature check in constant time, the event stored in PostgreSQL in a
// shared insert, its Bull job queued → 200) at 50 connections. The job then turns each event into a
// customer message in messaging-service, outside the measured acknowledgement.
// Floor: the raw floor path of the simulate scenario (50-ingest.mjs) given the same signed bodies: bare
// node:http checking the signature (HMAC-SHA256, constant-time compare) → raw nats.js → one SQL
// statement storing the customer and the message the body carries.
// The ack p99 target of the same request is judged by 53-meta-webhook-ack.mjs.
import { measureIngestFloor } from '../lib/ingest.mjs';
import { measureWebhooks, signedWebhookRequests, storedNote } from '../lib/webhooks.mjs';

export default {
  name: 'POST /api/webhooks/meta (signed) vs a raw signed floor path at 50 connections',
  target: { ratio: 0.5 },

  async run(ctx) {
    const connections = 50;
    const appSecret = ctx.env.META_APP_SECRET;
    const floor = await measureIngestFloor(ctx, {
      connections,
      signed: { appSecret, requests: signedWebhookRequests(appSecret).options },
    });
    const { ours, stored } = await measureWebhooks(ctx, { connections });
    return { ours, floor, extra: { 'stored from the events': { note: storedNote(stored) } } };
  },
};
