import type { Language } from '@parley/contracts';
import { tokenize } from './text';
import { VOCABULARIES } from './vocabulary';

const ARABIC_LETTER = /\p{Script=Arabic}/u;
/** Marks that almost only Spanish uses among the three languages; each counts double. */
const SPANISH_MARKS = /[¿¡ñáéíóúü]/giu;

/** Common Spanish words (normalised) that are not also everyday English words. */
const SPANISH_WORDS = new Set(
  (
    'hola buenos buenas dias tardes noches gracias favor quiero quisiera necesito precio precios cuanto cuanta ' +
    'cuesta cuestan vale tienen tiene tienes hay el la los las del un una unos unas que es esta estan para con ' +
    'mi mis tu su sus pedido envio envios donde cuando como puedo pueden muy pero y o de en se lo le yo usted ' +
    'ustedes comprar tienda ayuda todavia ya mas sin hoy manana llego aceptan pago entrega contra hacen hace ' +
    'tengo tenemos puede saber cual cuales nada algo tambien ahora semana'
  ).split(' '),
);

/** Common English words that Spanish does not share. */
const ENGLISH_WORDS = new Set(
  (
    'the is are do does you your have has how much many what when where my i it this that and to of for with ' +
    'please hi hello hey thanks thank want need can could would order price buy there any be was will not ' +
    'yes just get about from our we me'
  ).split(' '),
);

/** The one-word forms of a vocabulary pack (vocabulary/), three letters or more. */
function vocabularyWords(language: Language): Set<string> {
  const words = Object.values(VOCABULARIES[language]).flatMap((forms) =>
    forms.map((form) => tokenize(form)).filter((tokens) => tokens.length === 1 && tokens[0].length >= 3),
  );
  return new Set(words.map(([word]) => word));
}

const SPANISH_VOCABULARY = vocabularyWords('es');
const ENGLISH_VOCABULARY = vocabularyWords('en');
/** Commerce words only one of the two languages uses ("horario", "devoluciones"; "shipping", "refund"). */
const SPANISH_ONLY = new Set([...SPANISH_VOCABULARY].filter((word) => !ENGLISH_VOCABULARY.has(word)));
const ENGLISH_ONLY = new Set([...ENGLISH_VOCABULARY].filter((word) => !SPANISH_VOCABULARY.has(word)));
/** Spanish word endings English does not have ("-ción", "-ciones", "-mente" after a vowel, "-idad"). */
const SPANISH_ENDING = /(?:cion|ciones|[aeio]mente|idad|idades)$/;

/**
 * The language a text is clearly written in, or null when it gives no sign (e.g. "ok", "👍", "#1234"). Any Arabic
 * letter means Arabic (Arabic customers write product names in Latin letters); otherwise the Spanish and English
 * words and marks are counted, the vocabulary packs' commerce words included, so that a single word ("horario?",
 * "envios") is enough.
 */
export function languageSignal(text: string): Language | null {
  if (ARABIC_LETTER.test(text)) return 'ar';
  let spanish = (text.match(SPANISH_MARKS)?.length ?? 0) * 2;
  let english = 0;
  for (const token of tokenize(text)) {
    if (SPANISH_WORDS.has(token) || SPANISH_ONLY.has(token) || SPANISH_ENDING.test(token)) spanish += 1;
    if (ENGLISH_WORDS.has(token) || ENGLISH_ONLY.has(token)) english += 1;
  }
  if (spanish === 0 && english === 0) return null;
  return spanish > english ? 'es' : 'en';
}

/**
 * The customer's language: Arabic script means Arabic, Spanish marks and words mean Spanish, otherwise English.
 * A message with no sign of its own takes the language of the latest of `earlierMessages` (oldest first) that has
 * one.
 */
export function detectLanguage(message: string, earlierMessages: readonly string[] = []): Language {
  const own = languageSignal(message);
  if (own) return own;
  for (let i = earlierMessages.length - 1; i >= 0; i--) {
    const earlier = languageSignal(earlierMessages[i]);
    if (earlier) return earlier;
  }
  return 'en';
}
