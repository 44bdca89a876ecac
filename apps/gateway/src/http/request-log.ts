import type { LoggerService } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';

/** Kubernetes and load balancers ask these every few seconds: their lines would drown the rest. */
const PROBES = /^\/api\/health(\/|$)/;

/**
 * One JSON line per answered request: method, route (the pattern, so ids stay out of the logs),
 * status, duration in milliseconds and the request id the answer carries. Health probes log at debug.
 */
export function logRequests(fastify: FastifyInstance, logger: LoggerService): void {
  fastify.addHook('onResponse', (req, reply, done) => {
    const path = req.url.split('?')[0];
    const line = {
      msg: 'request',
      method: req.method,
      route: req.routeOptions.url ?? (path.startsWith('/api/') ? 'unmatched' : 'web'),
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime * 10) / 10,
      requestId: req.id,
    };
    if (PROBES.test(path)) logger.debug?.(line, 'Http');
    else logger.log(line, 'Http');
    done();
  });
}
