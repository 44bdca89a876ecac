import { INTEGRATIONS_SUBJECTS, type MetaVerifyRequest } from '@parley/contracts';
import type { ServiceClient } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/http-error.filter';
import { channelWebhookReceiveHandler, stringOf } from './channel-webhook.routes';

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

/** POST /api/webhooks/meta: X-Hub-Signature-256 over the raw bytes; Meta gets EVENT_RECEIVED once stored. */
export function metaWebhookReceiveHandler(services: ServiceClient) {
  return channelWebhookReceiveHandler(services, 'meta', 'x-hub-signature-256', (reply) =>
    reply.type('text/plain; charset=utf-8').send('EVENT_RECEIVED'),
  );
}
