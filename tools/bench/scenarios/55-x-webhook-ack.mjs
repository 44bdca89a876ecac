// The same signed X webhook load as 54-x-webhook.mjs (ours only, its own measurement): the
// acknowledgement's p99. X retries (and in time disables) a webhook that is slow to answer.
import { measureWebhooks, storedNote } from '../lib/webhooks.mjs';

export default {
  name: 'POST /api/webhooks/x ack p99 at 50 connections',
  target: { p99Ms: 100 },

  async run(ctx) {
    const { ours, stored } = await measureWebhooks(ctx, { connections: 50, source: 'x' });
    return { ours, extra: { 'stored from the events': { note: storedNote(stored) } } };
  },
};
