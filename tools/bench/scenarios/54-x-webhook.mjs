// X webhooks: POST /api/webhooks/x with a signed Account Activity direct message (gateway reads the raw
// bytes → NATS → integrations-service: x-twitter-webhooks-signature checked in constant time, the event
// stored in PostgreSQL in a shared insert, its Bull job queued → 200) at 50 connections, to an owner whose
// X account was connected through the fake X's OAuth. The job then turns each event into a customer
// message in messaging-service, outside the measured acknowledgement.
// Floor: the raw floor path of the simulate scenario (50-ingest.mjs): bare node:http → raw nats.js → one
// SQL statement storing customer and message (issue #32's target: 25 % of it; 52-meta-webhook's floor also
// checks Meta's signature).
// The ack p99 target of the same request is judged by 55-x-webhook-ack.mjs.
import { measureIngestFloor } from '../lib/ingest.mjs';
import { measureWebhooks, storedNote } from '../lib/webhooks.mjs';

export default {
  name: 'POST /api/webhooks/x (signed) vs the simulate raw floor path at 50 connections',
  target: { ratio: 0.25 },

  async run(ctx) {
    const connections = 50;
    const floor = await measureIngestFloor(ctx, { connections });
    const { ours, stored } = await measureWebhooks(ctx, { connections, source: 'x' });
    return { ours, floor, extra: { 'stored from the events': { note: storedNote(stored) } } };
  },
};
