import i18next, { type i18n } from 'i18next';
import ar from '../../locales/ar/translation.json';
import en from '../../locales/en/translation.json';
import es from '../../locales/es/translation.json';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages';

export const resources = {
  en: { translation: en },
  ar: { translation: ar },
  es: { translation: es },
} satisfies Record<Language, { translation: object }>;

/**
 * One i18next instance per LanguageProvider. The texts are bundled, so it is ready synchronously.
 * A key missing in the current language falls back to English, and a key missing there shows itself.
 */
export function createI18n(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES,
    initAsync: false,
    interpolation: { escapeValue: false },
    showSupportNotice: false,
  });
  return instance;
}
