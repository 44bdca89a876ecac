import { DomainException, ErrorCode, webhookSubject } from '@parley/contracts';
import type { ServiceClient } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode as NatsErrorCode, NatsError } from 'nats';
import { sendError } from '../http/http-error.filter';

/**
 * POST /api/webhooks/{source} (a raw route with a raw body), for any channel: the body's bytes reach
 * integrations-service as they came, since the provider's signature signs the bytes and parsed JSON
 * serialised again would differ. The service checks `signatureHeader`, stores the event and queues it;
 * the provider gets `acknowledge`'s answer as soon as it is stored.
 */
export function channelWebhookReceiveHandler(
  services: ServiceClient,
  source: string,
  signatureHeader: string,
  acknowledge: (reply: FastifyReply) => FastifyReply,
) {
  const subject = webhookSubject(source, 'receive');
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const delivery = {
        body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '',
        signature: stringOf(req.headers[signatureHeader]),
      };
      await services.send(subject, delivery, { requestId: req.id });
      await acknowledge(reply);
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

export function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
