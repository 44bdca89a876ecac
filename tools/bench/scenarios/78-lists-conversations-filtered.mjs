// The conversation list with the inbox's filters, at 20 connections, as the owner seeded by
// lib/lists-seed.mjs (20 000 conversations, 100 000 messages): judged on open and unread (about one in
// ten conversations: a partial index), against its floor (the statement messaging-service runs for it,
// ConversationsQueries.page, straight through node-postgres at the same concurrency:
// lib/statement-floor.mjs), with platform and stage (one in twenty: the list's index, walked) and needs a
// person (1 %: a partial index) measured beside it.
import { listsSeed } from '../lib/lists-seed.mjs';
import { pageAndFloor } from '../lib/statement-floor.mjs';

export default {
  name: 'conversations at 20 k, filtered: ?state=open&unread=true vs its SQL, 20 concurrent',
  target: { ratio: 0.5, p99Ratio: 2 },

  async run(ctx) {
    const { owner } = await listsSeed(ctx);
    const load = (query) =>
      ctx.http(`${ctx.gatewayUrl}/api/conversations?limit=100&${query}`, {
        connections: 20,
        headers: { cookie: owner.cookie },
      });
    const { ours, floor } = await pageAndFloor(ctx, owner, {
      path: '/api/conversations?limit=100&state=open&unread=true',
      query: 'conversations.page',
      filter: { state: 'open', unread: true },
    });
    const platformStage = await load('platform=whatsapp&stage=qualified');
    const needsHuman = await load('needsHuman=true');
    return {
      ours,
      floor,
      extra: { '?platform=whatsapp&stage=qualified': platformStage, '?needsHuman=true': needsHuman },
    };
  },
};
