import { type Language, LANGUAGES } from '@parley/contracts';
import { ARABIC_PACK } from './ar';
import { ENGLISH_PACK } from './en';
import { SPANISH_PACK } from './es';
import type { LanguagePack } from './language-pack';
import type { Phrasebook } from './phrasebook';

export type * from './cues';
export type * from './language-pack';
export * from './phrasebook';
export * from './vocabulary';

/**
 * The language packs, one a language (README.md: how to add one). A language of contracts' LANGUAGES without a
 * pack here does not compile.
 */
export const LANGUAGE_PACKS: Record<Language, LanguagePack> = {
  en: ENGLISH_PACK,
  es: SPANISH_PACK,
  ar: ARABIC_PACK,
};

/** Every pack, in LANGUAGES order: for the rules that read all languages at once (a message may be in any). */
export const PACKS: readonly LanguagePack[] = LANGUAGES.map((code) => LANGUAGE_PACKS[code]);

/** Each language's phrasebook (its pack's), for what is said outside the local agent: hand-offs, the checks. */
export const PHRASEBOOKS = Object.fromEntries(PACKS.map((pack) => [pack.code, pack.phrasebook])) as Record<
  Language,
  Phrasebook
>;
