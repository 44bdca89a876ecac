// The current user on every page load: GET /api/auth/me with a session cookie at 50 concurrent.
import { createVerifiedOwner, signIn } from '../lib/accounts.mjs';

export default {
  name: 'GET /api/auth/me at 50 concurrent',
  target: { p99Ms: 10 },

  async run(ctx) {
    const cookie = await signIn(ctx.gatewayUrl, await createVerifiedOwner(ctx.env.DATABASE_URL));
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/auth/me`, { connections: 50, headers: { cookie } });
    return { ours };
  },
};
