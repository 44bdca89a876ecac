import { BILLING_SUBJECTS, type PaymentWebhookDelivery } from '@parley/contracts';
import type { ServiceClient } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../http/http-error.filter';

/**
 * POST /api/webhooks/payments (a raw route with a raw body): Stripe-Signature signs the body's bytes, so
 * they reach billing-service as they came; it verifies them and applies the event once (400 when the
 * signature is wrong, missing or stale).
 */
export function paymentWebhookHandler(services: ServiceClient) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const header = req.headers['stripe-signature'];
      const delivery: PaymentWebhookDelivery = {
        body: Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '',
        signature: typeof header === 'string' ? header : undefined,
      };
      await reply.send(await services.send(BILLING_SUBJECTS.paymentWebhook, delivery, { requestId: req.id }));
    } catch (error) {
      sendError(req, reply, error);
    }
  };
}
