import type { Language } from '@parley/contracts';
import { ARABIC } from './ar';
import { ENGLISH } from './en';
import { SPANISH } from './es';
import type { Phrasebook } from './phrasebook';

/** Every language's phrasebook. */
export const PHRASEBOOKS: Record<Language, Phrasebook> = { en: ENGLISH, es: SPANISH, ar: ARABIC };
