import type { ChannelHealthProblem, Language, Platform } from '@parley/contracts';
import { escapeHtml, type RenderedMail } from './templates';

interface ChannelHealthText {
  subject: (platform: string) => string;
  intro: (platform: string) => string;
  problems: Record<ChannelHealthProblem, string>;
  detail: string;
  action: string;
  why: string;
}

/** Platform names as the web says them in each language (its `platforms` texts). */
const PLATFORMS: Record<Language, Record<Platform, string>> = {
  en: { facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter', whatsapp: 'WhatsApp' },
  ar: { facebook: 'فيسبوك', instagram: 'إنستغرام', twitter: 'تويتر', whatsapp: 'واتساب' },
  es: { facebook: 'Facebook', instagram: 'Instagram', twitter: 'Twitter', whatsapp: 'WhatsApp' },
};

const TEXTS: Record<Language, ChannelHealthText> = {
  en: {
    subject: (platform) => `Parley: ${platform} needs your attention`,
    intro: (platform) => `Your ${platform} connection in Parley has stopped working properly:`,
    problems: {
      token_refused: 'The platform no longer accepts Parley’s access (it expired or was taken back).',
      subscription_missing:
        'The platform no longer sends your customers’ messages to Parley, and subscribing again failed.',
      send_failures: 'The last five messages to your customers could not be sent.',
    },
    detail: 'What the platform said',
    action: 'Reconnect',
    why: 'You receive this email once each time a connection stops working; we write again only after it has worked again.',
  },
  ar: {
    subject: (platform) => `Parley: ‏${platform} يحتاج إلى انتباهك`,
    intro: (platform) => `توقف اتصال ${platform} في Parley عن العمل بشكل صحيح:`,
    problems: {
      token_refused: 'لم تعد المنصة تقبل وصول Parley (انتهت صلاحيته أو تم سحبه).',
      subscription_missing: 'لم تعد المنصة ترسل رسائل عملائك إلى Parley، وفشلت إعادة الاشتراك.',
      send_failures: 'تعذّر إرسال آخر خمس رسائل إلى عملائك.',
    },
    detail: 'ما قالته المنصة',
    action: 'إعادة الربط',
    why: 'تصلك هذه الرسالة مرة واحدة في كل مرة يتوقف فيها اتصال عن العمل؛ ولن نراسلك مجددًا إلا بعد أن يعود للعمل.',
  },
  es: {
    subject: (platform) => `Parley: ${platform} necesita tu atención`,
    intro: (platform) => `Tu conexión de ${platform} en Parley ha dejado de funcionar correctamente:`,
    problems: {
      token_refused: 'La plataforma ya no acepta el acceso de Parley (caducó o fue retirado).',
      subscription_missing:
        'La plataforma ya no envía a Parley los mensajes de tus clientes, y volver a suscribirse falló.',
      send_failures: 'No se pudieron enviar los cinco últimos mensajes a tus clientes.',
    },
    detail: 'Lo que dijo la plataforma',
    action: 'Volver a conectar',
    why: 'Recibes este correo una vez cada vez que una conexión deja de funcionar; volveremos a escribir solo cuando haya funcionado de nuevo.',
  },
};

/** The mail telling an owner a channel is degraded, why, and a link to reconnect it. */
export function renderChannelHealthMail(
  platform: Platform,
  problems: readonly ChannelHealthProblem[],
  detail: string | undefined,
  language: Language,
  link: string,
): RenderedMail {
  const t = TEXTS[language];
  const name = PLATFORMS[language][platform];
  const items = problems.map((problem) => t.problems[problem]);
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const detailLine = detail === undefined ? [] : [`${t.detail}: “${detail}”`];
  const text = [
    t.intro(name),
    items.map((item) => `- ${item}`).join('\n'),
    ...detailLine,
    `${t.action}: ${link}`,
    t.why,
  ].join('\n\n');
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif">
<p>${escapeHtml(t.intro(name))}</p>
<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>
${detailLine.map((line) => `<p style="color:#666">${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="color:#666">${escapeHtml(t.why)}</p>
</body></html>`;
  return { subject: t.subject(name), text: `${text}\n`, html };
}
