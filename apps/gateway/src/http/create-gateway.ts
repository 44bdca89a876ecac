import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ServiceClient } from '@parley/server-kit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { WsAdapter } from '@nestjs/platform-ws';
import type { FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { GatewayConfig } from '../config/gateway.config';
import { meHandler } from '../auth/me.route';
import { SessionResolver } from '../auth/session-resolver';
import { GatewayModule } from '../gateway.module';
import { paymentWebhookHandler } from '../billing/payment-webhook.routes';
import { metaWebhookReceiveHandler, metaWebhookVerifyHandler } from '../integrations/meta-webhook.routes';
import { xWebhookCrcHandler, xWebhookReceiveHandler } from '../integrations/x-webhook.routes';
import { docsHandler } from '../openapi/docs.route';
import { buildOpenApiDocument } from '../openapi/openapi-document';
import { RealtimeHub } from '../realtime/realtime.hub';
import { DtoValidationPipe } from './dto-validation.pipe';
import { HttpErrorFilter } from './http-error.filter';
import { useJsonBodies } from './json-body';
import { LeanFastifyAdapter } from './lean-fastify-adapter';
import { useMultipartUploads } from './multipart-upload';
import { clickHandler, openPixelHandler } from '../marketing/tracking.routes';
import { unsubscribeHandler } from '../marketing/unsubscribe.routes';
import { registerRawRoutes } from './raw-routes';
import { addRequestGuard, badUrlAnswer } from './request-guard';
import { logRequests } from './request-log';
import { WebApp } from './web-app';

const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

/** Builds and starts the gateway: Fastify, JSON-only bodies, security headers, errors, the web app. */
export async function createGateway(
  config: GatewayConfig,
  logger: LoggerService,
): Promise<NestFastifyApplication> {
  const production = config.NODE_ENV === 'production';
  const adapter = new LeanFastifyAdapter({
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    // A path that does not decode (`/api/%`) never reaches a hook: answer it here, as any other 400.
    frameworkErrors: (_error, req, reply) => badUrlAnswer(req, reply, production),
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config), adapter, {
    logger,
    bodyParser: false,
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // JSON only (text is refused with 415), nested at most MAX_JSON_DEPTH levels.
  fastify.removeContentTypeParser('text/plain');
  useJsonBodies(fastify);
  useMultipartUploads(fastify);
  // As a browser sends an Origin: no trailing slash. The same list for HTTP and /ws.
  const origins = [config.PUBLIC_URL, ...config.ALLOWED_ORIGINS.split(',').filter(Boolean)].map((o) =>
    o.replace(/\/$/, ''),
  );
  addRequestGuard(fastify, { production, allowedOrigins: origins });
  logRequests(fastify, logger);
  // /ws: a Nest WebSocket gateway (RealtimeHub) on this same HTTP server, with the same origins.
  app.useWebSocketAdapter(new WsAdapter(app));
  app.get(RealtimeHub).allowOrigins(origins);
  registerRawRoutes(fastify, {
    'GET /api/health/live': (_req, reply) => reply.send({ status: 'ok' }),
    'GET /api/auth/me': meHandler(app.get(SessionResolver)),
    'GET /api/docs': docsHandler(buildOpenApiDocument(app)),
    'GET /api/webhooks/meta': metaWebhookVerifyHandler(app.get(ServiceClient)),
    'POST /api/webhooks/meta': metaWebhookReceiveHandler(app.get(ServiceClient)),
    'GET /api/webhooks/x': xWebhookCrcHandler(app.get(ServiceClient)),
    'POST /api/webhooks/x': xWebhookReceiveHandler(app.get(ServiceClient)),
    'POST /api/webhooks/payments': paymentWebhookHandler(app.get(ServiceClient)),
    'GET /api/email/unsubscribe/:token': unsubscribeHandler(app.get(ServiceClient), config.EMAIL_LINK_SECRET),
    'POST /api/email/unsubscribe/:token': unsubscribeHandler(app.get(ServiceClient), config.EMAIL_LINK_SECRET),
    'GET /api/email/open/:token': openPixelHandler(app.get(ServiceClient), config.EMAIL_LINK_SECRET),
    'GET /api/email/click/:token': clickHandler(app.get(ServiceClient), config.EMAIL_LINK_SECRET),
  });

  const web = new WebApp(config.WEB_DIR);
  if (web.built) {
    await app.useStaticAssets({
      root: web.root,
      wildcard: false,
      index: false,
      // @fastify/static 10 passes the Fastify reply here (its types still say ServerResponse).
      setHeaders: (reply: unknown, filePath: string) => {
        if (filePath.includes('/assets/')) {
          void (reply as FastifyReply).header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  } else {
    logger.warn(`no web app at ${web.root}; run "npx nx build web" to serve it`, 'Gateway');
  }
  app.useGlobalFilters(new HttpErrorFilter(web, config.BODY_LIMIT));
  app.useGlobalPipes(new DtoValidationPipe());
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}
