import { type Language, USAGE_WARNING_MESSAGES, type UsageWarningLevel } from '@parley/contracts';
import { escapeHtml, type RenderedMail } from './templates';

/** The warning levels a mail is sent for (0 is none). */
export type MailedWarningLevel = Exclude<UsageWarningLevel, 0>;

interface UsageWarningText {
  subjects: Record<MailedWarningLevel, string>;
  /** The level's warning, as the popup says it (en: the contracts' USAGE_WARNING_MESSAGES). */
  warnings: Record<MailedWarningLevel, string>;
  usage: (used: string, limit: string) => string;
  /** What happens to customers' messages once the calls are exhausted (level 3 only). */
  atLimit: string;
  action: string;
  why: string;
}

const TEXTS: Record<Language, UsageWarningText> = {
  en: {
    subjects: {
      1: 'Parley: 20% of your API calls left',
      2: 'Parley: only 10% of your API calls left',
      3: 'Parley: you have used all your API calls',
    },
    warnings: USAGE_WARNING_MESSAGES,
    usage: (used, limit) => `You have used ${used} of ${limit} API calls this period.`,
    atLimit:
      'New customer messages are still stored and shown, but the AI agent does not answer them; customers get your away message if you chose one in the AI configuration.',
    action: 'Buy more calls',
    why: 'You receive this email once per warning level and billing period.',
  },
  ar: {
    subjects: {
      1: 'Parley: تبقّى 20% من طلبات واجهة API',
      2: 'Parley: تبقّى 10% فقط من طلبات واجهة API',
      3: 'Parley: استهلكت كل طلبات واجهة API',
    },
    warnings: {
      1: 'تحذير: تبقّى 20% فقط من طلبات واجهة API.',
      2: 'حرج: تبقّى 10% فقط من طلبات واجهة API!',
      3: 'تم بلوغ حد واجهة API! الخدمة متوقفة حتى تشتري طلبات إضافية.',
    },
    usage: (used, limit) => `استخدمت ${used} من ${limit} طلبًا في هذه الفترة.`,
    atLimit:
      'ما زالت رسائل العملاء الجديدة تُحفظ وتظهر، لكن وكيل الذكاء الاصطناعي لا يرد عليها؛ ويتلقى العملاء رسالة الغياب إذا اخترتها في إعدادات الذكاء الاصطناعي.',
    action: 'شراء المزيد من الطلبات',
    why: 'تصلك هذه الرسالة مرة واحدة لكل مستوى تحذير في كل فترة فوترة.',
  },
  es: {
    subjects: {
      1: 'Parley: te queda el 20 % de tus llamadas a la API',
      2: 'Parley: solo te queda el 10 % de tus llamadas a la API',
      3: 'Parley: has usado todas tus llamadas a la API',
    },
    warnings: {
      1: 'Aviso: solo queda el 20 % de las llamadas a la API.',
      2: 'Crítico: ¡solo queda el 10 % de las llamadas a la API!',
      3: '¡Límite de la API alcanzado! Servicio suspendido hasta que compres llamadas adicionales.',
    },
    usage: (used, limit) => `Has usado ${used} de ${limit} llamadas a la API en este periodo.`,
    atLimit:
      'Los nuevos mensajes de clientes se siguen guardando y mostrando, pero el agente de IA no los responde; los clientes reciben tu mensaje de ausencia si lo elegiste en la configuración de IA.',
    action: 'Comprar más llamadas',
    why: 'Recibes este correo una vez por nivel de aviso y periodo de facturación.',
  },
};

/** The mail telling an owner they reached warning `level`, with a link to the Billing page. */
export function renderUsageWarningMail(
  level: MailedWarningLevel,
  usage: { used: number; limit: number },
  language: Language,
  billingLink: string,
): RenderedMail {
  const t = TEXTS[language];
  const numbers = new Intl.NumberFormat(language === 'ar' ? 'ar-u-nu-latn' : language);
  const lines = [
    t.warnings[level],
    t.usage(numbers.format(usage.used), numbers.format(usage.limit)),
    ...(level === 3 ? [t.atLimit] : []),
  ];
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const text = `${lines.join('\n\n')}\n\n${t.action}: ${billingLink}\n\n${t.why}\n`;
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif">
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(billingLink)}" style="display:inline-block;padding:10px 16px;background:#1677ff;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t.action)}</a></p>
<p style="color:#666">${escapeHtml(t.why)}</p>
</body></html>`;
  return { subject: t.subjects[level], text, html };
}
