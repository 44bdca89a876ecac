// The same signed webhook load as 52-meta-webhook.mjs (ours only, its own measurement): the
// acknowledgement's p99. Meta retries an endpoint that is slow to answer.
import { measureWebhooks, storedNote } from '../lib/webhooks.mjs';

export default {
  name: 'POST /api/webhooks/meta ack p99 at 50 connections',
  target: { p99Ms: 100 },

  async run(ctx) {
    const { ours, stored } = await measureWebhooks(ctx, { connections: 50 });
    return { ours, extra: { 'stored from the events': { note: storedNote(stored) } } };
  },
};
