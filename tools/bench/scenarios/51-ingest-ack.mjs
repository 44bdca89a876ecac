// The same ingest load as 50-ingest.mjs (ours only, its own measurement): the acknowledgement's p99.
import { measureIngest, storedNote } from '../lib/ingest.mjs';

export default {
  name: 'POST /api/simulate-message ack p99 at 50 connections',
  target: { p99Ms: 100 },

  async run(ctx) {
    const { ours, stored } = await measureIngest(ctx, { connections: 50 });
    return {
      ours,
      extra: {
        'stored (warm-up included)': {
          note: storedNote(stored),
        },
      },
    };
  },
};
