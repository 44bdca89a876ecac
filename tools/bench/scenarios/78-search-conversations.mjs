// Conversation search at 20 connections, as the owner seeded by lib/lists-seed.mjs (20 000 conversations,
// 100 000 messages): judged on a word in 1 % of the messages ("bluetooth": 1 000 conversations, found
// through the messages' search keys), with part of a name ("garc", ~1.7 % of the customers, found through
// the customers' trigram index) measured beside it.
import { listsSeed, MESSAGE_WORD, NAME_PART } from '../lib/lists-seed.mjs';

export default {
  name: 'conversations at 20 k: search (a word in 1 % of the messages), 20 concurrent',
  target: { p99Ms: 100 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    const load = (q) =>
      ctx.http(`${ctx.gatewayUrl}/api/conversations?limit=100&q=${q}`, {
        connections: 20,
        headers: { cookie: owner.cookie },
      });
    const ours = await load(MESSAGE_WORD);
    const name = await load(NAME_PART);
    return { ours, extra: { [`?q=${NAME_PART} (names)`]: name } };
  },
};
