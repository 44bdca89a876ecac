import type { Language } from '@parley/contracts';
import { ARABIC_PREMISES, ARABIC_VOCABULARY } from './ar';
import { ENGLISH_PREMISES, ENGLISH_VOCABULARY } from './en';
import { SPANISH_PREMISES, SPANISH_VOCABULARY } from './es';
import type { PremisesWords, Vocabulary } from './vocabulary';

export * from './vocabulary';

/** Every language's commerce and service vocabulary. */
export const VOCABULARIES: Record<Language, Vocabulary> = {
  en: ENGLISH_VOCABULARY,
  es: SPANISH_VOCABULARY,
  ar: ARABIC_VOCABULARY,
};

/** Every language's nouns for the business's own place ({@link PremisesWords}). */
export const PREMISES: Record<Language, PremisesWords> = {
  en: ENGLISH_PREMISES,
  es: SPANISH_PREMISES,
  ar: ARABIC_PREMISES,
};
