import type { AgentContext, AgentReply } from './agent-provider';
import { type CheckedReply, checkClaims } from './claim-check';
import { splitDescription } from './company-description';
import { PHRASEBOOKS } from './languages';
import { normalize } from './local/text';

/**
 * The owner's private notes: what the agent must never say. They are the AI configuration's `privateNotes` field
 * and the sentences of the company description that read as notes (company-description.ts); neither ever reaches a
 * provider (agentContext gives providers the description's public sentences only). Every reply is still checked
 * against them before it is stored or returned ({@link checkReply}): a model may guess, and a knowledge passage or
 * a catalogue text may repeat a note.
 */

/** What the check did to a reply; stored in the reply's metadata. */
export interface PrivateNoteCheck {
  /** The reply held a distinctive piece of a private note and was replaced by the hand-off. */
  withheld: true;
}

export interface GuardedReply extends CheckedReply {
  privateNoteCheck?: PrivateNoteCheck;
}

/** The owner's notes in an AI configuration: the private-notes field and the description's notes. */
export function privateNotesOf(company: { description: string; privateNotes?: string | null }): string[] {
  const notes = splitDescription(company.description).privateSentences;
  const field = company.privateNotes?.trim();
  return field ? [field, ...notes] : notes;
}

/** An e-mail address, a link, or a word with letters, digits and inner dashes, dots or underscores. */
const TOKEN =
  /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+|https?:\/\/[^\s<>"')]+|www\.[^\s<>"')]+|[\p{L}\p{N}]+(?:[-_.][\p{L}\p{N}]+)*/gu;
const DIGIT = /\p{N}/u;
const LETTER = /\p{L}/u;
const INNER_CAPITAL = /^\p{L}+\p{Lu}/u;
const NOT_ALNUM = /[^\p{L}\p{N}]+/gu;
/** Squashed tokens at least this long are found inside other text; shorter ones only as whole words. */
const SUBSTRING_MIN = 4;
/** A run of this many words of a note, one of them a long word, is a quote of it. */
const RUN = 4;
const LONG_WORD = 5;

/** Lower case, accents folded, only letters and digits: "STAFF-20" and "staff 20" are one. */
function squash(text: string): string {
  return normalize(text).replace(NOT_ALNUM, '');
}

/**
 * Whether a word of a note identifies it: an e-mail address or a link; a number of two digits or more, or letters
 * with digits (a code, a phone number, "STAFF20"); a word in capitals of four letters or more ("VIPGOLD"), or with
 * a capital inside ("BlueFalcon"). Ordinary words are not: a reply may well say "discount" or "Monday".
 */
function isDistinctive(token: string): boolean {
  if (token.includes('@') || /^(?:https?:|www\.)/iu.test(token)) return true;
  const digits = token.replace(/\P{N}/gu, '').length;
  if (digits >= 2 || (digits === 1 && LETTER.test(token) && token.length >= 3)) return true;
  if (DIGIT.test(token)) return false;
  const letters = token.replace(/[^\p{L}]/gu, '');
  return (
    (letters.length >= 4 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) ||
    INNER_CAPITAL.test(token)
  );
}

function words(text: string): string[] {
  return normalize(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

function runsOf(text: string): string[] {
  const all = words(text);
  const runs: string[] = [];
  for (let i = 0; i + RUN <= all.length; i++) {
    const run = all.slice(i, i + RUN);
    if (run.some((word) => word.length >= LONG_WORD && !DIGIT.test(word))) runs.push(run.join(' '));
  }
  return runs;
}

/** The business's contact details and catalogue, as one text: what the owner publishes in fields of their own. */
function publishedText(context: Pick<AgentContext, 'company' | 'products'>): string {
  const { company } = context;
  return [
    company.name,
    company.address,
    company.phoneNumber,
    company.email,
    company.website,
    company.googleMapsLocation,
    company.openingHours,
    ...context.products.flatMap((product) => [product.name, String(product.price), product.category]),
  ]
    .filter((text): text is string => typeof text === 'string' && text !== '')
    .join('\n');
}

/**
 * Whether a reply gives away a private note: it holds one of the note's distinctive words ({@link isDistinctive}) or
 * a run of four of its words that the business does not publish. Long pieces (four letters or digits or more) are
 * looked for inside the reply's text with spaces and punctuation removed ("STAFF 20" for "STAFF-20") and are public
 * only in the contact details and the catalogue (a knowledge passage repeating a staff code does not make it
 * public); short ones ("30") are looked for as whole words and are public anywhere the agent reads (the
 * description's public sentences and the knowledge too: "returns within 30 days").
 */
export function leaksPrivateNote(
  response: string,
  notes: readonly string[],
  context: Pick<AgentContext, 'company' | 'knowledge' | 'products'>,
): boolean {
  if (notes.length === 0) return false;
  const published = publishedText(context);
  const open = [
    published,
    context.company.description,
    ...context.knowledge.flatMap((item) => [item.title, item.content]),
  ].join('\n');
  const publishedSquashed = squash(published);
  const openWords = new Set(words(open));
  const replySquashed = squash(response);
  const replyWords = new Set(words(response));
  const isPublic = (piece: string) =>
    piece.length >= SUBSTRING_MIN ? publishedSquashed.includes(piece) : openWords.has(piece);
  const inReply = (piece: string) =>
    piece.length >= SUBSTRING_MIN ? replySquashed.includes(piece) : replyWords.has(piece);
  for (const note of notes) {
    for (const token of note.match(TOKEN) ?? []) {
      const piece = squash(token);
      if (piece !== '' && isDistinctive(token) && !isPublic(piece) && inReply(piece)) return true;
    }
  }
  const openRuns = new Set(runsOf(open));
  const replyRuns = new Set(runsOf(response));
  return notes.some((note) => runsOf(note).some((run) => replyRuns.has(run) && !openRuns.has(run)));
}

/**
 * The reply the customer gets when a reply would give away a private note: the team will answer, in the reply's
 * language and the owner's style. The message is marked for a person (needsHuman).
 */
export function withoutPrivateNotes(
  reply: CheckedReply,
  notes: readonly string[],
  context: Pick<AgentContext, 'company' | 'knowledge' | 'products' | 'responseStyle'>,
): GuardedReply {
  if (!leaksPrivateNote(reply.response, notes, context)) return reply;
  return {
    ...reply,
    response: PHRASEBOOKS[reply.language].teamWillReply(context.responseStyle),
    needsHuman: true,
    privateNoteCheck: { withheld: true },
  };
}

/**
 * Every check a provider's reply passes before it is stored or returned, for automatic replies and the test chat
 * alike: its prices and stock against the catalogue (claim-check.ts), then the owner's private notes.
 */
export function checkReply(reply: AgentReply, context: AgentContext, notes: readonly string[]): GuardedReply {
  return withoutPrivateNotes(checkClaims(reply, context), notes, context);
}
