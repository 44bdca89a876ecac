import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import { DomainException, ErrorCode, type RpcErrorBody } from '@parley/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { codeOfStatus, httpStatusOf } from '../errors/http-status';
import type { WebApp } from './web-app';

interface Described {
  status: number;
  code: ErrorCode;
  message: string;
  details?: RpcErrorBody['details'];
}

/**
 * Messages for the errors Fastify raises before a handler runs (Nest hands them over as HttpExceptions
 * of that status). Bodies that do not parse are refused by the validation pipe (see json-body.ts).
 */
const FRAMEWORK_MESSAGES: Record<number, (limit: number) => string> = {
  413: (limit) => `The request body is larger than ${Math.round(limit / 1024)} KB`,
  415: () => 'Unsupported content type: send application/json',
};

const logger = new Logger('HttpError');

/**
 * The one error mapping of the gateway, for Nest handlers (HttpErrorFilter) and the raw Fastify routes
 * alike: JSON `{ message, code }` with the right status (plus `field` for a bad field, and the error's
 * other details), never a stack, SQL or library name. `message` is for a person, `code` (an ErrorCode)
 * and `field` (as the API spells it) for a program.
 */
export function sendError(req: FastifyRequest, reply: FastifyReply, exception: unknown, bodyLimit = 0): void {
  send(req, reply, exception, describe(exception, bodyLimit));
}

/** Every error of a Nest handler leaves through sendError; an unknown path outside /api gets the web app. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  constructor(
    private readonly web: WebApp,
    private readonly bodyLimit: number,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    if (exception instanceof NotFoundException && req.routeOptions.url === undefined) {
      if (this.web.serveIndex(req, reply)) return;
      const message = `No such endpoint: ${req.method} ${req.url.split('?')[0]}`;
      send(req, reply, exception, { status: 404, code: ErrorCode.NotFound, message });
      return;
    }
    sendError(req, reply, exception, this.bodyLimit);
  }
}

function send(req: FastifyRequest, reply: FastifyReply, exception: unknown, described: Described): void {
  const { status, code, message, details } = described;
  if (status === 500) {
    const err =
      exception instanceof Error ? { name: exception.name, stack: exception.stack } : String(exception);
    logger.error({ msg: `${req.method} ${req.url} failed`, requestId: req.id, err });
  } else if (status > 500) {
    logger.warn({ msg: `${req.method} ${req.url}: ${message}`, requestId: req.id });
  }
  if (typeof details?.retryAfterSeconds === 'number')
    void reply.header('retry-after', String(details.retryAfterSeconds));
  void reply
    .status(status)
    .type('application/json; charset=utf-8')
    .send({ message, code, ...details });
}

function describe(exception: unknown, bodyLimit: number): Described {
  if (exception instanceof DomainException) {
    return {
      status: httpStatusOf(exception.code),
      code: exception.code,
      message: exception.message,
      details: exception.details,
    };
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code = codeOfStatus(status);
    const framework = FRAMEWORK_MESSAGES[status];
    if (framework) return { status, code, message: framework(bodyLimit) };
    const body = exception.getResponse();
    const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
    return {
      status,
      code,
      message: Array.isArray(message) ? String(message[0]) : String(message ?? exception.message),
    };
  }
  const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const known = FRAMEWORK_MESSAGES[statusCode];
    return {
      status: statusCode,
      code: codeOfStatus(statusCode),
      message: known ? known(bodyLimit) : 'The request could not be processed',
    };
  }
  return { status: 500, code: ErrorCode.Internal, message: 'Something went wrong on our side' };
}
