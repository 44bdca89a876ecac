import type { FastifyInstance } from 'fastify';

/** Headers every response carries. The CSP allows antd's inline styles and our own /ws socket. */
export function addSecurityHeaders(app: FastifyInstance, production: boolean): void {
  const headers: Record<string, string> = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'content-security-policy':
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
      "connect-src 'self' ws: wss:; font-src 'self' data:; object-src 'none'; base-uri 'self'; " +
      "frame-ancestors 'none'; form-action 'self'",
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
