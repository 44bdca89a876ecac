import type { FastifyInstance } from 'fastify';
import { isRoutableTarget } from './lean-fastify-adapter';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Every response: no MIME sniffing, no framing, same-origin only (and HSTS in production). This is the
 * whole set for `/api` answers, as OWASP's REST cheat sheet recommends: they are JSON, never rendered,
 * so document policies would only add ~500 bytes to each of them.
 */
function apiHeaders(production: boolean): [string, string][] {
  return Object.entries({
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  });
}

/** The web app's pages and assets: the document policies too. The CSP allows antd's inline styles and /ws. */
function documentHeaders(production: boolean): [string, string][] {
  return Object.entries({
    ...Object.fromEntries(apiHeaders(production)),
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'content-security-policy':
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; " +
      "connect-src 'self' ws: wss:; font-src 'self' data:; object-src 'none'; base-uri 'self'; " +
      "frame-ancestors 'none'; form-action 'self'",
  });
}

/**
 * The one hook on every request (hooks are paid per request; LeanFastifyAdapter drops Nest's): the
 * security headers, the request id echoed back, 404 for a request target Nest would not route, and the
 * refusal (403) of state-changing requests a browser sent from another site. Requests without an Origin
 * (server to server, platform webhooks) are not cross-site and pass.
 */
export function addRequestGuard(
  app: FastifyInstance,
  options: { production: boolean; allowedOrigins: string[] },
): void {
  const api = apiHeaders(options.production);
  const documents = documentHeaders(options.production);
  const allowed = new Set(options.allowedOrigins.map((o) => o.replace(/\/$/, '')));
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of req.url.startsWith('/api/') ? api : documents) void reply.header(name, value);
    void reply.header('x-request-id', req.id);
    if (!req.is404 && !isRoutableTarget(req.url)) {
      reply.callNotFound();
      return;
    }
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
