import { isOneOf } from './one-of';

/** Interface languages. A missing translation falls back to English, then to the key. */
export const LANGUAGES = ['en', 'ar', 'es'] as const;

export type Language = (typeof LANGUAGES)[number];

export type TextDirection = 'ltr' | 'rtl';

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, for the language switcher. */
export const LANGUAGE_NATIVE_NAMES = {
  en: 'English',
  ar: 'العربية',
  es: 'Español',
} as const satisfies Record<Language, string>;

export function isLanguage(value: unknown): value is Language {
  return isOneOf(LANGUAGES, value);
}

/** Arabic is written right to left; the whole layout flips with it. */
export function textDirectionOf(language: Language): TextDirection {
  return language === 'ar' ? 'rtl' : 'ltr';
}
