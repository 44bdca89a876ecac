import type { FastifyInstance } from 'fastify';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Headers every response carries. The CSP allows antd's inline styles and our own /ws socket. */
function securityHeaders(production: boolean): Record<string, string> {
  return {
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
}

/**
 * One hook on every request (hooks are paid per request, so there is one): the security headers, the
 * request id echoed back, and the refusal (403) of state-changing requests a browser sent from another
 * site. Requests without an Origin (server to server, platform webhooks) are not cross-site and pass.
 */
export function addRequestGuard(
  app: FastifyInstance,
  options: { production: boolean; allowedOrigins: string[] },
): void {
  const headers = securityHeaders(options.production);
  const allowed = new Set(options.allowedOrigins.map((o) => o.replace(/\/$/, '')));
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(headers).header('x-request-id', req.id);
    const origin = req.headers.origin;
    if (
      UNSAFE.has(req.method) &&
      origin !== undefined &&
      !allowed.has(origin) &&
      !req.url.startsWith('/api/webhooks/')
    ) {
      void reply
        .code(403)
        .type('application/json; charset=utf-8')
        .send({ message: 'Cross-site request refused' });
      return;
    }
    done();
  });
}
