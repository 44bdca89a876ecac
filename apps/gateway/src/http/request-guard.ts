import { DomainException, ErrorCode } from '@parley/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, SESSION_COOKIE } from '../auth/cookies';
import { sendError } from './http-error.filter';
import { isRoutableTarget } from './lean-fastify-adapter';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Fetch metadata values a browser sends for a request its own page (or its user) made. */
const SAME_SITE_FETCHES = new Set(['same-origin', 'none']);

/** Every response: no MIME sniffing, no framing, same-origin only (and HSTS in production). */
function commonHeaders(production: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cross-origin-resource-policy': 'same-origin',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/**
 * `/api` answers: no referrer leaving the site, and never stored by a browser or a proxy (they carry an
 * owner's data). This is the whole set, as OWASP's REST cheat sheet recommends: they are JSON, never
 * rendered, so document policies would only add bytes to each of them.
 */
function apiHeaders(production: boolean): [string, string][] {
  return Object.entries({
    ...commonHeaders(production),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
  });
}

/** The web app's pages and assets: the document policies too. The CSP allows antd's inline styles and /ws. */
function documentHeaders(production: boolean): [string, string][] {
  return Object.entries({
    ...commonHeaders(production),
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
 * refusal (403) of state-changing requests that may come from another site (see isSameSite). Signed
 * platform webhooks are exempt.
 */
export function addRequestGuard(
  app: FastifyInstance,
  options: { production: boolean; allowedOrigins: string[] },
): void {
  const api = apiHeaders(options.production);
  const documents = documentHeaders(options.production);
  const allowed = new Set(options.allowedOrigins);
  app.addHook('onRequest', (req, reply, done) => {
    for (const [name, value] of req.url.startsWith('/api/') ? api : documents) void reply.header(name, value);
    void reply.header('x-request-id', req.id);
    if (!req.is404 && !isRoutableTarget(req.url)) {
      reply.callNotFound();
      return;
    }
    if (UNSAFE.has(req.method) && !req.url.startsWith('/api/webhooks/') && !isSameSite(req, allowed)) {
      sendError(req, reply, new DomainException(ErrorCode.Forbidden, 'Cross-site request refused'));
      return;
    }
    done();
  });
}

/**
 * A state-changing request passes when its Origin is ours. Without an Origin (browsers send one on every
 * POST/PUT/PATCH/DELETE today), a request that carries the session cookie must show, by its fetch
 * metadata and Referer, that our own page sent it; one without the cookie acts for nobody and passes
 * (sign-in and sign-up from API clients; SameSite=Lax keeps the cookie off cross-site posts anyway).
 */
function isSameSite(req: FastifyRequest, allowed: Set<string>): boolean {
  const origin = req.headers.origin;
  if (origin !== undefined) return allowed.has(origin);
  if (readCookie(req.headers.cookie, SESSION_COOKIE) === undefined) return true;
  const site = req.headers['sec-fetch-site'];
  return (
    typeof site === 'string' && SAME_SITE_FETCHES.has(site) && allowed.has(originOf(req.headers.referer))
  );
}

function originOf(url: string | undefined): string {
  if (url === undefined) return '';
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/**
 * Fastify's answer to a path that does not decode (`GET /api/%`): our `{ message, code }` with the
 * headers every answer carries (hooks do not run for it).
 */
export function badUrlAnswer(req: FastifyRequest, reply: FastifyReply, production: boolean): void {
  for (const [name, value] of apiHeaders(production)) void reply.header(name, value);
  void reply.header('x-request-id', req.id);
  sendError(req, reply, new DomainException(ErrorCode.ValidationFailed, 'The request path is not valid'));
}
