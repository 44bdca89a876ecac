import { DEFAULT_LANGUAGE, EMAIL_SUBJECTS, ErrorCode, isLanguage, type Language, textDirectionOf } from '@parley/contracts';
import { type ServiceClient, verifyUnsubscribeLink } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** What the page says, in each interface language. */
const PAGES = {
  done: {
    en: ['Unsubscribed', 'You have been unsubscribed. You will no longer receive these emails.'],
    ar: ['تم إلغاء الاشتراك', 'تم إلغاء اشتراكك. لن تصلك هذه الرسائل بعد الآن.'],
    es: ['Baja confirmada', 'Te has dado de baja. Ya no recibirás estos correos.'],
  },
  invalid: {
    en: ['Link not valid', 'This unsubscribe link is not valid. Check that you opened the whole link from the email.'],
    ar: ['الرابط غير صالح', 'رابط إلغاء الاشتراك هذا غير صالح. تأكد من فتح الرابط كاملاً من الرسالة.'],
    es: ['Enlace no válido', 'Este enlace para darte de baja no es válido. Comprueba que abriste el enlace completo del correo.'],
  },
  unavailable: {
    en: ['Please try again', 'We could not unsubscribe you right now. Please try again in a few minutes.'],
    ar: ['يُرجى المحاولة مرة أخرى', 'تعذّر إلغاء اشتراكك الآن. يُرجى المحاولة مرة أخرى بعد بضع دقائق.'],
    es: ['Vuelve a intentarlo', 'No pudimos darte de baja ahora. Vuelve a intentarlo en unos minutos.'],
  },
} satisfies Record<string, Record<Language, [string, string]>>;

type Outcome = keyof typeof PAGES;


/**
 * GET and POST /api/email/unsubscribe/{token} (raw routes: no session, no JSON): the signed link of a
 * campaign mail. Both unsubscribe at once, idempotently: GET is the link in the footer, POST the mail
 * client's one-click (RFC 8058, body `List-Unsubscribe=One-Click`). The token's HMAC is checked here; a
 * forged or altered one is 404 and reaches no service. The answer is a plain page in the reader's
 * language (Accept-Language: en, ar or es).
 */
export function unsubscribeHandler(services: ServiceClient, secret: string) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { token } = req.params as { token?: string };
    const link = verifyUnsubscribeLink(secret, token ?? '');
    let outcome: Outcome = 'done';
    if (!link) outcome = 'invalid';
    else {
      try {
        await services.send(EMAIL_SUBJECTS.unsubscribe, link, { requestId: req.id });
      } catch (error) {
        // A subscriber deleted since is not subscribed either: the page says so all the same.
        if ((error as { code?: unknown }).code !== ErrorCode.NotFound) outcome = 'unavailable';
      }
    }
    const language = languageOf(req.headers['accept-language']);
    const [title, text] = PAGES[outcome][language];
    await sendPage(reply, { done: 200, invalid: 404, unavailable: 503 }[outcome], language, title, text);
  };
}

/** Only the page's own inline style; nothing else loads. */
const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'";

/** A plain page of a mail's link (no session, no app): a title and a sentence, in the reader's language. */
export async function sendPage(
  reply: FastifyReply,
  status: number,
  language: Language,
  title: string,
  text: string,
): Promise<void> {
  await reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_CSP)
    .header('content-language', language)
    .send(page(language, title, text));
}

function page(language: Language, title: string, text: string): string {
  return `<!doctype html>
<html lang="${language}" dir="${textDirectionOf(language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:15vh auto;padding:0 1.5rem;color:#1f2937;text-align:center}
h1{font-size:1.5rem;margin-block-end:.75rem}p{line-height:1.5;color:#4b5563}</style></head>
<body><h1>${title}</h1><p>${text}</p></body>
</html>
`;
}

/** The first of en, ar, es the reader's Accept-Language names (by its q weights); English otherwise. */
export function languageOf(header: string | undefined): Language {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked.map((entry) => entry.language).find(isLanguage) ?? DEFAULT_LANGUAGE;
}
