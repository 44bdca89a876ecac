// One HTTP request that becomes one NATS request-reply: gateway → auth-service health subject → reply.
// Floor: plain nats.js requester ↔ plain nats.js responder, same packets, same 50 in flight.
// Also measured, for the breakdown: the plain requester against the real auth-service (no gateway).
export default {
  name: 'gateway → NATS → service round trip vs raw nats.js request-reply',
  target: { ratio: 0.35 },

  async run(ctx) {
    const { NATS_URL: natsUrl, NATS_PREFIX: prefix } = ctx.env;
    const pattern = 'auth.health.check';
    const requester = {
      natsUrl,
      pattern,
      concurrency: ctx.connections,
      warmupMs: ctx.warmupS * 1000,
      durationMs: ctx.durationS * 1000,
    };

    const responder = await ctx.spawnFloor('nats-responder.mjs', {
      natsUrl,
      subject: `${prefix}floor.${pattern}`,
    });
    let floor;
    try {
      await responder.next();
      floor = await ctx.runFloor('nats-requester.mjs', {
        ...requester,
        subject: `${prefix}floor.${pattern}`,
      });
    } finally {
      await responder.stop();
    }
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/health/auth-service`);
    const service = await ctx.runFloor('nats-requester.mjs', {
      ...requester,
      subject: `${prefix}${pattern}`,
    });
    return { ours, floor, extra: { 'raw nats.js → real auth-service (no gateway)': service } };
  },
};
