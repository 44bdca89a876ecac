// The price of Nest + Fastify + our hooks on a route that does nothing: GET /api/health/live.
export default {
  name: 'gateway trivial route vs bare node:http',
  target: { ratio: 0.7 },

  async run(ctx) {
    const server = await ctx.spawnFloor('http-server.mjs');
    let floor;
    try {
      const { ready } = await server.next();
      floor = await ctx.http(`http://127.0.0.1:${ready.port}/api/health/live`);
    } finally {
      await server.stop();
    }
    const ours = await ctx.http(`${ctx.gatewayUrl}/api/health/live`);
    return { ours, floor };
  },
};
