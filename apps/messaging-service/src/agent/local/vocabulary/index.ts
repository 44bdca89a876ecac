import type { Language } from '@parley/contracts';
import { ARABIC_VOCABULARY } from './ar';
import { ENGLISH_VOCABULARY } from './en';
import { SPANISH_VOCABULARY } from './es';
import type { Vocabulary } from './vocabulary';

export * from './vocabulary';

/** Every language's commerce and service vocabulary. */
export const VOCABULARIES: Record<Language, Vocabulary> = {
  en: ENGLISH_VOCABULARY,
  es: SPANISH_VOCABULARY,
  ar: ARABIC_VOCABULARY,
};
