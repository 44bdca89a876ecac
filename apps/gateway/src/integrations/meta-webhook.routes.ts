import {
  DomainException,
  ErrorCode,
  INTEGRATIONS_SUBJECTS,
  type MetaVerifyRequest,
  type MetaWebhookDelivery,
} from '@parley/contracts';
import type { ServiceClient } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode as NatsErrorCode, NatsError } from 'nats';
import { sendError } from '../http/http-error.filter';

/**
 * GET /api/webhooks/meta (a raw route, see raw-routes.ts): Meta's verification request. integrations-service
 * compares hub.verify_token with META_VERIFY_TOKEN; the challenge goes back as plain text, as Meta expects.
 */
export function metaWebhookVerifyHandler(services: ServiceClient) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const query = req.query as Record<string, unknown>;
      const request: MetaVerifyRequest = {
        mode: stringOf(query['hub.mode']),
        token: stringOf(query['hub.verify_token']),
        challenge: stringOf(query['hub.challenge']),
      };
      const { challenge } = await services.send<{ challenge: string }>(
        INTEGRATIONS_SUBJECTS.verifyMetaWebhook,
        request,
        { requestId: req.id },
      );
      await reply.type('text/plain; charset=utf-8').send(challenge);
    } catch (error) {
      sendError(req, reply, error);
    }
  };
}

/**
 * POST /api/webhooks/meta (a raw route with a raw body): the body's bytes reach integrations-service as
 * they came, since X-Hub-Signature-256 signs the bytes and parsed JSON serialised again would differ. The
 * service checks the signature, stores the event and queues it; Meta gets its 200 as soon as it is stored.
 */
export function metaWebhookReceiveHandler(services: ServiceClient) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const delivery: MetaWebhookDelivery = {
        body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '',
        signature: stringOf(req.headers['x-hub-signature-256']),
      };
      await services.send(INTEGRATIONS_SUBJECTS.receiveMetaWebhook, delivery, { requestId: req.id });
      await reply.type('text/plain; charset=utf-8').send('EVENT_RECEIVED');
    } catch (error) {
      sendError(req, reply, tooLargeForTheBroker(error) ? tooLarge() : error);
    }
  };
}

/** A body under the HTTP limit can still outgrow NATS's message size once wrapped in the request. */
function tooLargeForTheBroker(error: unknown): boolean {
  return error instanceof NatsError && error.code === (NatsErrorCode.MaxPayloadExceeded as string);
}

function tooLarge(): DomainException {
  return new DomainException(ErrorCode.PayloadTooLarge, 'The webhook body is too large');
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
