import { webhookSubject, type XCrcRequest, type XCrcResponse } from '@parley/contracts';
import type { ServiceClient } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/http-error.filter';
import { channelWebhookReceiveHandler, stringOf } from './channel-webhook.routes';

/** X gives a webhook 3 s to answer its CRC; a slower answer would fail it, so ours gives up before. */
const CRC_TIMEOUT_MS = 2500;

/**
 * GET /api/webhooks/x?crc_token=… (a raw route): X's challenge-response check, when the webhook is
 * registered and about hourly after. integrations-service answers `{ response_token }` (HMAC-SHA256 of the
 * token under X_CONSUMER_SECRET); X is not signed in.
 */
export function xWebhookCrcHandler(services: ServiceClient) {
  const subject = webhookSubject('x', 'verify');
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const query = req.query as Record<string, unknown>;
      const request: XCrcRequest = { crcToken: stringOf(query.crc_token) };
      const answer = await services.send<XCrcResponse>(
        subject,
        request,
        { requestId: req.id },
        CRC_TIMEOUT_MS,
      );
      await reply.send(answer);
    } catch (error) {
      sendError(req, reply, error);
    }
  };
}

/** POST /api/webhooks/x: x-twitter-webhooks-signature over the raw bytes; X gets its 200 once stored. */
export function xWebhookReceiveHandler(services: ServiceClient) {
  return channelWebhookReceiveHandler(services, 'x', 'x-twitter-webhooks-signature', (reply) =>
    reply.send({ received: true }),
  );
}
