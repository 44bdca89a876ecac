import { CuePhrases, type CueText } from './cue-phrases';
import { PACKS, type PrivateNoteCues } from './languages';
import { tokenize } from './local/text';

/**
 * The part of the owner's company description that may be said to a customer. Owners write notes to themselves
 * into it ("Internal: margin on grinders is 40%, do not share"); neither provider gets those (agentContext), and
 * they are the private notes every reply is checked against (private-notes.ts). The cue words are per language in
 * the language packs (languages/<code>/cues.ts, `privateNotes`), read word by word (cue-phrases.ts) over one
 * normalised sentence (lower case, no accents, Arabic letter variants unified); the few patterns here are linear:
 * bracket bodies that cannot contain their own opening bracket.
 */

/** Every language's cues at once: a description may mix languages, and a note is a note in any of them. */
const CUES = PACKS.map(({ cues }) => cues.privateNotes);
/** What may follow a label: a colon, a spaced dash, or nothing ("Internal: …", "Notes - …", "Internal notes"). */
const AFTER_LABEL = /^(?:\s*:|\s+[-–—](?=\s|$)|\s*$)/u;
/** The cue lists, read phrase by phrase (labels and note starts count at the start of a sentence only). */
type PhraseKind = Exclude<keyof PrivateNoteCues, 'notSecrecy' | 'pointBack'>;
const PHRASES = new CuePhrases<PhraseKind>(
  CUES.map(({ notSecrecy: _gapStops, pointBack: _pointBack, ...lists }) => lists),
  CUES.map((cues) => cues.notSecrecy),
);
const POINT_BACK = new Set(CUES.flatMap((cues) => tokenize(cues.pointBack)));
/** A short head before a colon ("Secret staff discount code: …") is read as a label when it is a note itself. */
const HEAD = /^([^:]{1,60}):/u;
const MAX_HEAD_WORDS = 6;
/** Written in capitals these are notes in any language ("todo" is also Spanish for "all"). */
const SHOUTED = /(?<![\p{L}\p{N}])(?:TODO|FIXME|TBD)(?![\p{L}\p{N}])/u;

/** Square- and curly-bracketed text is a note or a template placeholder ("[check with supplier]", "{city}"). */
const BRACKETED = /\[[^[\]\n]*\]|\{[^{}\n]*\}/g;
const PARENTHESISED = /\(([^()\n]*)\)/g;
/** Bullets and opening brackets before a sentence's first word. */
const LEAD = /^[\s\-*•·–—>#[(]+/u;
/** A sentence ends at its closing punctuation; a semicolon ends an independent clause, read on its own. */
const SENTENCE_END = /(?<=[.!?؟;؛])\s+/u;
/** A clause's semicolon is dropped: the clause is said as a sentence of its own. */
const CLAUSE_END = /[;؛]$/u;
/** A space left before punctuation where a bracketed note was ("Coffee roastery [call Acme]." → "…roastery ."). */
const SPACE_BEFORE_STOP = / (?=[.,;:!?؟،)])/gu;
/**
 * A warning with at most this many other words ("Do not share!", "Confidential.") is about the sentence before it;
 * so is one whose other words only point back ("Don't tell customers about this.").
 */
const MAX_OTHER_WORDS = 1;

/** Where the phrase of `kind` that opens the text ends in it (the text's first word starts it), or -1. */
function opening(read: CueText<PhraseKind>, kind: PhraseKind): number {
  const match = read.matches.find((found) => found.kind === kind && found.start === 0);
  return match ? read.ends[match.end - 1] : -1;
}

function opensWith(read: CueText<PhraseKind>, kind: PhraseKind): boolean {
  return opening(read, kind) >= 0;
}

function isBareWarning({ words, matches }: CueText<PhraseKind>): boolean {
  const warning = new Set(
    matches
      .filter((match) => match.kind === 'secrecy')
      .flatMap(({ start, end }) => words.slice(start, end).map((_, i) => start + i)),
  );
  const others = words.filter((word, i) => !warning.has(i) && !POINT_BACK.has(word));
  return others.length <= MAX_OTHER_WORDS;
}

/**
 * Whether a sentence (or a bracketed aside) is a note by its words: a secrecy phrase ("never mention", "no lo
 * compartas", "لا تخبر"), a secret (a password, the margin), an insider word beside a sensitive one ("staff
 * discount code"), a capitalised TODO, or a note word opening it ("Internal margin is 40%"). A promise about the
 * customer's own data ("we never share your details") is none.
 */
function isNote(text: string, read = PHRASES.read(text)): boolean {
  if (read.has('privacyPromises')) return false;
  if (read.has('secrecy')) return true;
  const shared = read.has('publicAudience');
  return (
    (!shared && read.has('secrets')) ||
    (!shared && read.has('insiders') && read.has('sensitive')) ||
    opensWith(read, 'noteStarts') ||
    SHOUTED.test(text)
  );
}

/**
 * Where the label a sentence opens with ends in its normalised text, or -1: a label word followed by a colon, a
 * spaced dash or nothing ("Internal: …", "Notes - …", "Nota interna: …", "ملاحظة: …"), or a short head before a
 * colon that is a note itself ("Secret staff discount code: …", "Keep this private: …").
 */
function labelEnd(read: CueText<PhraseKind>): number {
  const end = opening(read, 'labels');
  const after = end >= 0 ? AFTER_LABEL.exec(read.text.slice(end)) : null;
  if (after) return end + after[0].length;
  const head = HEAD.exec(read.text);
  if (!head || head[1].split(/\s+/u).filter(Boolean).length > MAX_HEAD_WORDS || !isNote(head[1])) return -1;
  return head[0].length;
}

/** The line without its bracketed notes, and the notes taken out. */
function withoutBracketedNotes(line: string): { line: string; notes: string[] } {
  const notes: string[] = [];
  const note = (aside: string) => {
    notes.push(aside);
    return ' ';
  };
  const kept = line.replace(BRACKETED, note).replace(PARENTHESISED, (aside: string, inside: string) => {
    const body = inside.trim();
    const read = PHRASES.read(body);
    // "(not for customers)" is about the sentence it stands in: it stays there, and makes that sentence a note.
    if (read.has('secrecy') && isBareWarning(read)) return aside;
    return opensWith(read, 'labels') || isNote(body, read) ? note(aside) : aside;
  });
  return { line: kept, notes };
}

function sentencesOf(line: string): string[] {
  return line
    .split(SENTENCE_END)
    .map((sentence) =>
      sentence
        .replace(LEAD, '')
        .replace(/\s+/g, ' ')
        .replace(SPACE_BEFORE_STOP, '')
        .trim()
        .replace(CLAUSE_END, ''),
    )
    .filter((sentence) => sentence.length > 0);
}

/** A company description split into what a reply may draw on and the owner's notes, each in order. */
export interface DescriptionParts {
  publicSentences: string[];
  /** The notes, as the owner wrote them (sentences, bracketed asides, the rest of a labelled line). */
  privateSentences: string[];
}

/**
 * Splits a company description into its public sentences and the owner's notes:
 * - bracketed notes go: anything in [ ] or { }, and ( ) that starts with a label or is a note by its words;
 * - a label at the start of a line or sentence ("Internal:", "Notes -", "TODO:", "Nota:", "ملاحظة:", or a short
 *   head that is a note itself: "Secret staff discount code:", "Keep this private:") ends what is said of that line;
 *   a label alone on its line ("Internal notes:") is a heading and ends the description;
 * - a sentence that is a note by its words ({@link isNote}) goes; when it is little more than a warning ("Do not
 *   share.", "Don't tell customers about this.") the sentence before it goes with it, and when it points forward
 *   ("Everything below is for staff only.") so does everything after it;
 * - an HTML comment ends the description.
 * It errs towards saying less: an owner's "Note: we close on Sundays" is a note too.
 */
export function splitDescription(description: string): DescriptionParts {
  const comment = description.indexOf('<!--');
  const text = comment >= 0 ? description.slice(0, comment) : description;
  const kept: string[] = [];
  const notes: string[] = [];
  const rest = (lines: readonly string[]) => notes.push(...lines.flatMap((line) => sentencesOf(line)));
  if (comment >= 0) rest([description.slice(comment)]);
  const lines = text.split('\n');
  for (const [n, raw] of lines.entries()) {
    const { line, notes: asides } = withoutBracketedNotes(raw);
    notes.push(...asides);
    const sentences = sentencesOf(line);
    for (let i = 0; i < sentences.length; i++) {
      const sentence = sentences[i];
      const read = PHRASES.read(sentence);
      const label = labelEnd(read);
      if (label >= 0) {
        notes.push(...sentences.slice(i));
        // A label alone on its line is a heading ("Internal notes:"): what follows it is all notes.
        if (i === sentences.length - 1 && label === read.text.length) {
          rest(lines.slice(n + 1));
          return { publicSentences: kept, privateSentences: notes };
        }
        break;
      }
      if (!isNote(sentence, read)) {
        kept.push(sentence);
        continue;
      }
      if (read.has('secrecy') && isBareWarning(read) && kept.length > 0) notes.push(kept.pop() as string);
      notes.push(sentence);
      if (read.has('pointForward')) {
        notes.push(...sentences.slice(i + 1));
        rest(lines.slice(n + 1));
        return { publicSentences: kept, privateSentences: notes };
      }
    }
  }
  return { publicSentences: kept, privateSentences: notes };
}

/** The sentences of a company description a reply may draw on, in order, without the owner's notes. */
export function publicSentences(description: string): string[] {
  return splitDescription(description).publicSentences;
}

/** The public part of a company description as one text ('' when nothing is left). */
export function publicDescription(description: string): string {
  return publicSentences(description).join(' ');
}
