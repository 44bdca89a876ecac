import type { Language } from '@parley/contracts';

/**
 * Our words in every mail's footer, in the business's language (docs/email.md, "Content"): the owner writes
 * the content in one language, and the footer under it speaks the same one.
 */
export const FOOTER_TEXTS = {
  en: { unsubscribe: 'Unsubscribe' },
  ar: { unsubscribe: 'إلغاء الاشتراك' },
  es: { unsubscribe: 'Cancelar la suscripción' },
} as const satisfies Record<Language, { unsubscribe: string }>;
