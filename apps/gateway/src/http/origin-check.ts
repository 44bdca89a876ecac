import type { FastifyInstance } from 'fastify';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that a browser sent from another site (403). Requests without an
 * Origin (server-to-server, platform webhooks) are not browser cross-site requests and pass.
 */
export function addOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins.map((o) => o.replace(/\/$/, '')));
  app.addHook('onRequest', (req, reply, done) => {
    const origin = req.headers.origin;
    if (UNSAFE.has(req.method) && origin !== undefined && !allowed.has(origin) && !req.url.startsWith('/api/webhooks/')) {
      void reply.code(403).type('application/json; charset=utf-8').send({ message: 'Cross-site request refused' });
      return;
    }
    done();
  });
}
