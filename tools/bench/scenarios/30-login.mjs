// Sign-in under load: gateway (limiter) → auth-service (argon2id verify, session insert) at 10 concurrent.
import { createVerifiedOwner } from '../lib/accounts.mjs';

export default {
  name: 'POST /api/auth/login at 10 concurrent (argon2id included)',
  target: { p99Ms: 150 },

  async run(ctx) {
    const owner = await createVerifiedOwner(ctx.env.DATABASE_URL);
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/auth/login`, {
      connections: 10,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(owner),
    });
    return { ours };
  },
};
