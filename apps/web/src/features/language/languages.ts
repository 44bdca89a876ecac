import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@parley/contracts';

/** The interface languages, their default and direction (spec 000 §9) are shared with the server's mails. */
export {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  LANGUAGES,
  type TextDirection as Direction,
  textDirectionOf as directionOf,
} from '@parley/contracts';

export const LANGUAGE_STORAGE_KEY = 'parley.language';

/** The language chosen on an earlier visit. Storage can be blocked by the browser: then the default. */
export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage blocked: the choice then lasts for this visit only.
  }
}
