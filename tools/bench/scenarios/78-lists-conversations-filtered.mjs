// The conversation list with the inbox's filters, at 20 connections, as the owner seeded by
// lib/lists-seed.mjs (20 000 conversations, 100 000 messages): judged on open and unread (about one in
// ten conversations: a partial index), with platform and stage (one in twenty: the list's index, walked)
// and needs a person (1 %: a partial index) measured beside it.
import { listsSeed } from '../lib/lists-seed.mjs';

export default {
  name: 'conversations at 20 k, filtered: ?state=open&unread=true, 20 concurrent',
  target: { p99Ms: 30 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    const load = (query) =>
      ctx.http(`${ctx.gatewayUrl}/api/conversations?limit=100&${query}`, {
        connections: 20,
        headers: { cookie: owner.cookie },
      });
    const ours = await load('state=open&unread=true');
    const platformStage = await load('platform=whatsapp&stage=qualified');
    const needsHuman = await load('needsHuman=true');
    return {
      ours,
      extra: { '?platform=whatsapp&stage=qualified': platformStage, '?needsHuman=true': needsHuman },
    };
  },
};
