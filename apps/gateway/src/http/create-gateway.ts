import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { type LoggerService, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DomainException, ErrorCode } from '@parley/contracts';
import type { ValidationError } from 'class-validator';
import type { FastifyReply } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type { GatewayConfig } from '../config/gateway.config';
import { registerMeRoute } from '../auth/me.route';
import { SessionResolver } from '../auth/session-resolver';
import { GatewayModule } from '../gateway.module';
import { RealtimeHub } from '../realtime/realtime.hub';
import { HttpErrorFilter } from './http-error.filter';
import { LeanFastifyAdapter } from './lean-fastify-adapter';
import { addRequestGuard } from './request-guard';
import { WebApp } from './web-app';

const SAFE_REQUEST_ID = /^[\w.-]{1,64}$/;

/** Builds and starts the gateway: Fastify, JSON-only bodies, security headers, errors, the web app. */
export async function createGateway(
  config: GatewayConfig,
  logger: LoggerService,
): Promise<NestFastifyApplication> {
  const adapter = new LeanFastifyAdapter({
    bodyLimit: config.BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    genReqId: (req: IncomingMessage) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayModule.forRoot(config), adapter, {
    logger,
    bodyParser: false,
    abortOnError: false,
  });
  const fastify = app.getHttpAdapter().getInstance();
  // JSON only: Fastify's own JSON parser stays (body limit, prototype-poisoning checks); text is refused with 415.
  fastify.removeContentTypeParser('text/plain');
  const origins = [config.PUBLIC_URL, ...config.ALLOWED_ORIGINS.split(',').filter(Boolean)];
  addRequestGuard(fastify, { production: config.NODE_ENV === 'production', allowedOrigins: origins });
  app.get(RealtimeHub).attach(app.getHttpServer(), origins);
  // Liveness: the process answers, no I/O. A plain Fastify route: probes hit it often and it needs
  // nothing from Nest (the hooks above still apply).
  fastify.get('/api/health/live', (_req, reply) => reply.send({ status: 'ok' }));
  registerMeRoute(fastify, app.get(SessionResolver));

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
  app.useGlobalPipes(
    new ValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      transform: true,
      exceptionFactory: (errors) => new DomainException(ErrorCode.ValidationFailed, firstMessage(errors)),
    }),
  );
  await app.listen({ port: config.PORT, host: config.HOST });
  return app;
}

/** One sentence naming the first bad field, worded like the services' validateDto. */
function firstMessage(errors: ValidationError[]): string {
  for (const error of errors) {
    if (error.constraints?.whitelistValidation) return `Unknown field "${error.property}"`;
    const message = Object.values(error.constraints ?? {})[0] ?? firstMessage(error.children ?? []);
    if (message) return message;
  }
  return 'The request is not valid';
}
