import { EMAIL_SUBJECTS, type EmailTrackingRequest, type Language } from '@parley/contracts';
import { type ServiceClient, verifyClickLink, verifyOpenLink } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { languageOf, sendPage } from './unsubscribe.routes';

/** A transparent 1×1 GIF: what the open pixel shows. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A counted open or click waits this long for marketing-service; the reader never waits longer. */
const COUNT_TIMEOUT_MS = 2000;

const INVALID_LINK: Record<Language, [string, string]> = {
  en: ['Link not valid', 'This link is not valid. Check that you opened the whole link from the email.'],
  ar: ['الرابط غير صالح', 'هذا الرابط غير صالح. تأكد من فتح الرابط كاملاً من الرسالة.'],
  es: ['Enlace no válido', 'Este enlace no es válido. Comprueba que abriste el enlace completo del correo.'],
};

/**
 * GET /api/email/open/{token} (raw route: no session): a campaign mail's open pixel. A token whose HMAC
 * checks out counts the delivery's first open and answers the 1×1 image; anything else is 404 and reaches
 * no service (docs/email.md, "Tracking").
 */
export function openPixelHandler(services: ServiceClient, secret: string) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { token } = req.params as { token?: string };
    const deliveryId = verifyOpenLink(secret, token ?? '');
    if (!deliveryId) {
      await reply.status(404).header('cache-control', 'no-store').send();
      return;
    }
    await count(services, EMAIL_SUBJECTS.tracking.open, { deliveryId }, req.id);
    await reply
      .status(200)
      .header('content-type', 'image/gif')
      .header('cache-control', 'no-store, private')
      .send(PIXEL);
  };
}

/**
 * GET /api/email/click/{token}?url=… (raw route: no session): a link of a campaign mail. Only a URL signed
 * for that delivery (a link that was in its mail) redirects; a forged, altered or foreign one is a 404
 * page in the reader's language, so the route is no open redirect. A valid one counts the delivery's first
 * click, then redirects (302), counted or not: the reader reaches the page even when marketing-service
 * does not answer.
 */
export function clickHandler(services: ServiceClient, secret: string) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { token } = req.params as { token?: string };
    const { url } = req.query as { url?: unknown };
    const target = typeof url === 'string' && /^https?:\/\//i.test(url) ? url : undefined;
    const deliveryId = target === undefined ? undefined : verifyClickLink(secret, token ?? '', target);
    if (!deliveryId || target === undefined) {
      const language = languageOf(req.headers['accept-language']);
      const [title, text] = INVALID_LINK[language];
      await sendPage(reply, 404, language, title, text);
      return;
    }
    await count(services, EMAIL_SUBJECTS.tracking.click, { deliveryId }, req.id);
    await reply.status(302).header('location', target).header('cache-control', 'no-store, private').send();
  };
}

/** Counts an open or click; a marketing-service that does not answer loses the count, not the reader. */
async function count(
  services: ServiceClient,
  subject: string,
  request: EmailTrackingRequest,
  requestId: string,
) {
  try {
    await services.send(subject, request, { requestId }, COUNT_TIMEOUT_MS);
  } catch {
    // Counted at most once anyway; the image or the redirect goes out all the same.
  }
}
