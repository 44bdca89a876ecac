import type { OpenAPIObject, OperationObject } from '@nestjs/swagger';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

const JSON_ANSWER = { content: { 'application/json': { schema: { type: 'object' } } } };

function UNSUBSCRIBE_OPERATION(summary: string): OperationObject {
  const page = (description: string) => ({
    description,
    content: { 'text/html': { schema: { type: 'string' } } },
  });
  return {
    tags: ['email'],
    summary: `${summary}: unsubscribes at once, idempotently, without signing in; a page in en, ar or es by Accept-Language.`,
    parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
    responses: {
      '200': page('Unsubscribed'),
      '404': page('The link is not valid (forged or altered)'),
      '503': page('marketing-service did not answer: try again'),
    },
  };
}

/**
 * The gateway's plain Fastify routes: the only /api routes that are not a handler of a Nest controller
 * (one controller per downstream service). A route belongs here only with a reason to skip Nest's
 * pipeline; it still gets the request guard's headers and answers errors through sendError. Each is
 * described here for the OpenAPI document, which Swagger cannot build for it.
 */
export const RAW_ROUTES = {
  'GET /api/health/live': {
    reason: 'Liveness: probes hit it often, and it must answer with no I/O and nothing from Nest.',
    operation: {
      tags: ['health'],
      summary: 'Liveness: the process answers, no I/O.',
      responses: { '200': { description: '{ "status": "ok" }', ...JSON_ANSWER } },
    },
  },
  'GET /api/auth/me': {
    reason: 'Every page load asks it: cookie → Redis → the cached JSON as it is, within its p99 target.',
    operation: {
      tags: ['auth'],
      summary: 'The signed-in user.',
      responses: {
        '200': { description: 'The current user', ...JSON_ANSWER },
        '401': { description: 'Not signed in', ...JSON_ANSWER },
      },
    },
  },
  'GET /api/docs': {
    reason: 'The OpenAPI document: bytes built once at start-up, from the Nest app itself.',
    operation: {
      tags: ['docs'],
      summary: 'This OpenAPI document.',
      responses: { '200': { description: 'OpenAPI 3 document', ...JSON_ANSWER } },
    },
  },
  'GET /api/webhooks/meta': {
    reason: "Meta's verification request: the challenge goes back as plain text, and Meta is not signed in.",
    operation: {
      tags: ['webhooks'],
      summary: "Meta's webhook verification (hub.mode, hub.verify_token, hub.challenge).",
      responses: {
        '200': {
          description: 'hub.challenge as text/plain',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        '403': { description: 'The verify token does not match', ...JSON_ANSWER },
      },
    },
  },
  'POST /api/webhooks/meta': {
    reason:
      'X-Hub-Signature-256 signs the body bytes: the handler needs them unparsed (any content type, ≤ 1 MB).',
    rawBodyLimit: 1_048_576,
    operation: {
      tags: ['webhooks'],
      summary: "Meta's webhook events (Messenger, Instagram, WhatsApp Cloud), signed with the app secret.",
      responses: {
        '200': {
          description: 'EVENT_RECEIVED: stored and queued',
          content: { 'text/plain': { schema: { type: 'string' } } },
        },
        '400': { description: 'The body is not a JSON object', ...JSON_ANSWER },
        '401': { description: 'No X-Hub-Signature-256 header', ...JSON_ANSWER },
        '403': { description: 'The signature does not match', ...JSON_ANSWER },
        '413': { description: 'The body is larger than 1 MB', ...JSON_ANSWER },
      },
    },
  },
  'GET /api/webhooks/x': {
    reason: "X's CRC check: answered within X's 3 s with a JSON response_token, and X is not signed in.",
    operation: {
      tags: ['webhooks'],
      summary: "X's Account Activity CRC check (crc_token).",
      responses: {
        '200': { description: '{ "response_token": "sha256=<base64 HMAC>" }', ...JSON_ANSWER },
        '400': { description: 'crc_token is missing or too long', ...JSON_ANSWER },
      },
    },
  },
  'POST /api/webhooks/x': {
    reason:
      'x-twitter-webhooks-signature signs the body bytes: the handler needs them unparsed (any content type, ≤ 1 MB).',
    rawBodyLimit: 1_048_576,
    operation: {
      tags: ['webhooks'],
      summary: "X's Account Activity events (direct messages), signed with the consumer secret.",
      responses: {
        '200': { description: '{ "received": true }: stored and queued', ...JSON_ANSWER },
        '400': { description: 'The body is not a JSON object', ...JSON_ANSWER },
        '401': { description: 'No x-twitter-webhooks-signature header', ...JSON_ANSWER },
        '403': { description: 'The signature does not match', ...JSON_ANSWER },
        '413': { description: 'The body is larger than 1 MB', ...JSON_ANSWER },
      },
    },
  },
  'POST /api/webhooks/payments': {
    reason:
      'Stripe-Signature signs the body bytes: the handler needs them unparsed (any content type, ≤ 1 MB).',
    rawBodyLimit: 1_048_576,
    operation: {
      tags: ['webhooks'],
      summary:
        'Payment events (Stripe format), signed with the webhook secret; each applied once, by its id, and each purchase once per checkout session, payment intent or invoice. An event ahead of its purchase (a refund, a cancellation) is answered 200 and applied when the purchase arrives.',
      responses: {
        '200': { description: '{ "received": true }', ...JSON_ANSWER },
        '400': {
          description: 'The Stripe-Signature is missing, wrong or older than five minutes',
          ...JSON_ANSWER,
        },
        '413': { description: 'The body is larger than 1 MB', ...JSON_ANSWER },
      },
    },
  },
  'GET /api/email/unsubscribe/:token': {
    reason: 'The unsubscribe link of a campaign mail: no session, and the answer is a page, not JSON.',
    operation: UNSUBSCRIBE_OPERATION('The footer link of a campaign mail'),
  },
  'POST /api/email/unsubscribe/:token': {
    reason:
      "A mail client's one-click unsubscribe (RFC 8058): no session, a form body (List-Unsubscribe=One-Click).",
    rawBodyLimit: 1024,
    operation: UNSUBSCRIBE_OPERATION("A mail client's one-click unsubscribe (RFC 8058)"),
  },
  'GET /api/email/open/:token': {
    reason: "A campaign mail's open pixel: no session, and the answer is an image.",
    operation: {
      tags: ['email'],
      summary: "A campaign mail's open pixel: counts the delivery's first open (signed token).",
      parameters: [{ name: 'token', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': { description: 'A 1×1 GIF', content: { 'image/gif': { schema: { type: 'string', format: 'binary' } } } },
        '404': { description: 'The token is not valid (forged or altered)' },
      },
    },
  },
  'GET /api/email/click/:token': {
    reason: "A link in a campaign mail: no session, and the answer is a redirect (or a page), not JSON.",
    operation: {
      tags: ['email'],
      summary:
        "A link in a campaign mail: counts the delivery's first click and redirects to `url`, only when the token was signed for that URL and delivery.",
      parameters: [
        { name: 'token', in: 'path', required: true, schema: { type: 'string' } },
        { name: 'url', in: 'query', required: true, schema: { type: 'string', format: 'uri' } },
      ],
      responses: {
        '302': { description: 'To the link the mail carried' },
        '404': {
          description: 'Not a link of that mail (forged, altered, another URL): a page in en, ar or es',
          content: { 'text/html': { schema: { type: 'string' } } },
        },
      },
    },
  },
} satisfies Record<string, RawRouteSpec>;

interface RawRouteSpec {
  reason: string;
  operation: OperationObject;
  /** The body reaches the handler as its bytes (a Buffer), whatever its content type, up to this size. */
  rawBodyLimit?: number;
}

export type RawRoute = keyof typeof RAW_ROUTES;

/** Registers the allow-list's routes: a handler for each, and no route that is not on the list. */
export function registerRawRoutes(
  fastify: FastifyInstance,
  handlers: Record<RawRoute, RouteHandlerMethod>,
): void {
  for (const [route, handler] of Object.entries(handlers)) {
    const [method, url] = route.split(' ');
    const { rawBodyLimit } = RAW_ROUTES[route as RawRoute] as RawRouteSpec;
    if (rawBodyLimit === undefined) {
      fastify.route({ method, url, handler });
      continue;
    }
    // A scope of its own: there, and only there, every body is taken as bytes.
    void fastify.register((scope, _options, done) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: rawBodyLimit }, (_req, body, next) =>
        next(null, body),
      );
      scope.route({ method, url, handler, bodyLimit: rawBodyLimit });
      done();
    });
  }
}

/** The allow-list's routes as OpenAPI paths (`:param` written `{param}`). */
export function rawRoutePaths(): OpenAPIObject['paths'] {
  const paths: OpenAPIObject['paths'] = {};
  for (const [route, { operation }] of Object.entries(RAW_ROUTES)) {
    const [method, url] = route.split(' ');
    const path = url.replace(/:(\w+)/g, '{$1}'); // `/api/x/:id` as OpenAPI writes it
    paths[path] = { ...paths[path], [method.toLowerCase()]: operation };
  }
  return paths;
}
