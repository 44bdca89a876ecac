import { normalize } from './local/text';

/**
 * The part of the owner's company description that may be said to a customer. Owners write notes to themselves
 * into it ("Internal: margin on grinders is 40%, do not share"); neither provider passes those on. Every pattern
 * below is matched against one normalised line or sentence (lower case, no accents, Arabic letter variants
 * unified), and is linear: plain alternatives, and bracket bodies that cannot contain their own opening bracket.
 */

/**
 * Words that, at the start of a line or sentence and followed by a colon, a spaced dash or nothing, label what
 * follows as a note: "Internal: …", "Notes - …", "TODO: …", "Nota interna: …", "ملاحظة: …".
 */
const LABELS = [
  'internal notes?',
  'internal info(?:rmation)?',
  'internal use(?: only)?',
  'internal only',
  'internal',
  'notes? to self',
  'notes?',
  'nb',
  'n\\.b\\.',
  'todo',
  'fixme',
  'memo',
  'reminder',
  'private',
  'confidential',
  'staff(?: only)?',
  'for staff(?: only)?',
  'admin',
  'not for (?:the )?customers?',
  'do not share',
  "don['’]?t share",
  'notas? internas?',
  'notas?',
  'interno',
  'interna',
  'uso interno',
  'privado',
  'confidencial',
  'pendiente',
  'recordatorio',
  'solo (?:para )?(?:el )?personal',
  'no compartir',
  'ملاحظات داخليه',
  'ملاحظه داخليه',
  'ملاحظات',
  'ملاحظه',
  'داخلي',
  'سري',
  'خاص',
  'للموظفين(?: فقط)?',
  'للاستخدام الداخلي',
  'لا تشارك',
  'تذكير',
];
const LABEL = new RegExp(`^(?:${LABELS.join('|')})(?:\\s*:|\\s+[-–—](?=\\s|$)|\\s*$)`, 'u');
/** A bracketed aside is a note when it starts with a label, even without a colon: "(internal)", "(nota: …)". */
const LABEL_WORD = new RegExp(`^(?:${LABELS.join('|')})(?![\\p{L}\\p{N}])`, 'u');

/** Words that make a sentence a note when they start it, colon or not ("Internal margin is 40%."). */
const NOTE_START = /^(?:internal|confidential|interno|interna|confidencial|داخلي|سري)(?![\p{L}\p{N}])/u;

/** Phrases that mark the sentence they are in as a note wherever they stand ("…, do not share."). */
const WARNINGS = [
  'do not share',
  "don['’]?t share",
  'not for (?:the )?customers?',
  'not to be shared',
  'do not (?:tell|mention|disclose|reveal)',
  "don['’]?t (?:tell|mention|disclose|reveal)",
  'internal (?:only|use|notes?)',
  'internal\\s*:',
  'for internal',
  'confidential',
  'staff only',
  'no compartir',
  'no (?:lo )?(?:digas|decir|menciones|mencionar|comentes|comentar)',
  'confidencial',
  'uso interno',
  'notas? internas?',
  'solo (?:para )?(?:el )?personal',
  'لا تشارك',
  'لا تخبر',
  'لا تذكر',
  'لا تقل',
  'سري',
  'للاستخدام الداخلي',
  'ملاحظه داخليه',
  'معلومه داخليه',
  'للموظفين فقط',
];
const WARNING = new RegExp(`(?<![\\p{L}\\p{N}])(?:${WARNINGS.join('|')})(?![\\p{L}\\p{N}])`, 'u');
const WARNINGS_ALL = new RegExp(WARNING.source, 'gu');
/** Written in capitals these are notes in any language ("todo" is also Spanish for "all"). */
const SHOUTED = /(?<![\p{L}\p{N}])(?:TODO|FIXME|TBD)(?![\p{L}\p{N}])/u;

/** Square- and curly-bracketed text is a note or a template placeholder ("[check with supplier]", "{city}"). */
const BRACKETED = /\[[^[\]\n]*\]|\{[^{}\n]*\}/g;
const PARENTHESISED = /\(([^()\n]*)\)/g;
/** Bullets and opening brackets before a sentence's first word. */
const LEAD = /^[\s\-*•·–—>#[(]+/u;
const SENTENCE_END = /(?<=[.!?؟])\s+/u;
/** A space left before punctuation where a bracketed note was ("Coffee roastery [call Acme]." → "…roastery ."). */
const SPACE_BEFORE_STOP = / (?=[.,;:!?؟،)])/gu;
/**
 * A warning with at most this many other words ("Do not share!", "Confidential.", "Don't share this.") is about
 * the sentence before it.
 */
const MAX_OTHER_WORDS = 1;

function isBareWarning(folded: string): boolean {
  return (
    folded
      .replace(WARNINGS_ALL, ' ')
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean).length <= MAX_OTHER_WORDS
  );
}

/** Whether a bracketed aside is a note by its words. */
function isNote(text: string): boolean {
  return WARNING.test(normalize(text)) || SHOUTED.test(text);
}

function withoutBracketedNotes(line: string): string {
  return line.replace(BRACKETED, ' ').replace(PARENTHESISED, (aside: string, inside: string) => {
    const body = inside.trim();
    return LABEL_WORD.test(normalize(body)) || isNote(body) ? ' ' : aside;
  });
}

/**
 * The sentences of a company description a reply may draw on, in order, without the owner's notes:
 * - bracketed notes go: anything in [ ] or { }, and ( ) that starts with a label or holds a warning;
 * - a label at the start of a line or sentence ("Internal:", "Notes -", "TODO:", "Nota:", "ملاحظة:") ends what is
 *   said of that line; a label alone on its line ("Internal notes:") is a heading and ends the description;
 * - a sentence with a warning ("do not share", "confidential", "no compartir", "لا تشارك") goes, and when it is
 *   little more than the warning ("Do not share.") the sentence before it goes with it;
 * - so does a sentence with a capitalised TODO, FIXME or TBD, or one that starts with "Internal", "Confidential" (or
 *   their Spanish and Arabic words) without a colon;
 * - an HTML comment ends the description.
 */
export function publicSentences(description: string): string[] {
  const comment = description.indexOf('<!--');
  const text = comment >= 0 ? description.slice(0, comment) : description;
  const kept: string[] = [];
  for (const line of text.split('\n')) {
    const sentences = withoutBracketedNotes(line)
      .split(SENTENCE_END)
      .map((sentence) =>
        sentence.replace(LEAD, '').replace(/\s+/g, ' ').replace(SPACE_BEFORE_STOP, '').trim(),
      )
      .filter((sentence) => sentence.length > 0);
    for (const [i, sentence] of sentences.entries()) {
      const folded = normalize(sentence);
      const label = LABEL.exec(folded);
      if (label) {
        // A label alone on its line is a heading ("Internal notes:"): what follows it is all notes.
        if (i === sentences.length - 1 && label[0].length === folded.length) return kept;
        break;
      }
      if (WARNING.test(folded)) {
        if (isBareWarning(folded)) kept.pop();
        continue;
      }
      if (NOTE_START.test(folded) || SHOUTED.test(sentence)) continue;
      kept.push(sentence);
    }
  }
  return kept;
}

/** The public part of a company description as one text ('' when nothing is left). */
export function publicDescription(description: string): string {
  return publicSentences(description).join(' ');
}
