import { PACKS, type SoundNotes } from '../languages';
import { tokenize } from './text';

/**
 * Sound keys: how a word sounds, in any script, so that a product is found by how its name sounds when the customer
 * writes it in another script or spelling ("لابتوب" for a Latin "Laptop", "básquetbol" for "Basketball"). A word's key is
 * its consonants in a few classes shared by every script (SoundClass, language-pack.ts), read by its script's notes in
 * the language packs (`writing.sounds`); vowels are dropped, since Arabic does not write its short ones. catalogue-
 * service's `sound_keys` SQL function computes the same keys for its product search.
 *
 * A key is a token `<script>:<classes>`. A word has one key per reading of its W and Z letters (SoundClass). A name's
 * word is also found by a key of four classes or more without its last class: a customer may leave out an ending
 * that is not said ("Samsung" as "سامسون").
 */

/**
 * A key of fewer classes says too little to find a product by: three consonants are the root of countless Arabic words
 * ("بدون", "مورد") and of as many Latin names.
 */
export const MIN_SOUND_KEY = 4;
/**
 * Within one script a key must be this long to find a name: the written word was compared already, and the keys of
 * ordinary words collide with names of the same script ("nombres" and "number" are both NMBR).
 */
export const MIN_SAME_SCRIPT_KEY = 5;

interface ScriptSounds {
  word: RegExp;
  notes: SoundNotes;
  /** Each letter's class. */
  classes: ReadonlyMap<string, string>;
}

/** Each script's notes, once (languages of one script share them: the first pack's are used). */
const SCRIPTS: readonly ScriptSounds[] = PACKS.flatMap(({ writing }) =>
  writing.sounds ? [{ word: writing.word, notes: writing.sounds }] : [],
)
  .filter((script, i, all) => all.findIndex((other) => other.notes.script === script.notes.script) === i)
  .map(({ word, notes }) => ({
    word,
    notes,
    classes: new Map(
      Object.entries(notes.letters).flatMap(([soundClass, letters]) =>
        [...letters].map((letter) => [letter, soundClass] as const),
      ),
    ),
  }));

const SCRIPT_TAGS = SCRIPTS.map(({ notes }) => notes.script);
const CLASS_OUTPUT = /^[A-Z]$/;
const REPEATED_CLASS = /([A-Z])\1+/g;
/** How a word is read: its W as a gap or a B, and its Z as a gap or an S (language-pack.ts, SoundClass). */
const READINGS = [
  ['.', '.'],
  ['B', '.'],
  ['.', 'S'],
  ['B', 'S'],
] as const;

/** A word's sound: its script and its keys (without the script). */
export interface WordSound {
  script: string;
  /** One key per reading ({@link READINGS}) of {@link MIN_SOUND_KEY} classes or more, each once. */
  keys: string[];
  /** Its keys of more than {@link MIN_SOUND_KEY} classes without their last class. */
  shortened: string[];
}

/**
 * The sound of one normalised word (`tokenize`), or null when no script's notes read it (digits, a word mixing
 * scripts) or it has too few consonants for a key.
 */
export function wordSound(token: string): WordSound | null {
  const script = SCRIPTS.find(({ word }) => word.test(token));
  if (!script) return null;
  let spelled = token;
  for (const [pattern, replacement] of script.notes.groups) spelled = spelled.replace(pattern, replacement);
  const read = [...spelled]
    .map((letter) => (CLASS_OUTPUT.test(letter) ? letter : (script.classes.get(letter) ?? '.')))
    .join('');
  const readings = READINGS.map(([w, z]) =>
    read.replaceAll('W', w).replaceAll('Z', z).replace(REPEATED_CLASS, '$1').replaceAll('.', ''),
  );
  const keys = [...new Set(readings.filter((reading) => reading.length >= MIN_SOUND_KEY))];
  if (keys.length === 0) return null;
  const shortened = keys.filter((key) => key.length > MIN_SOUND_KEY).map((key) => key.slice(0, -1));
  return { script: script.notes.script, keys, shortened: [...new Set(shortened)] };
}

/**
 * The tokens a name's word is found by: its keys in its script, and its keys without their last class, so that a
 * customer who leaves out an ending that is not said finds it ("سامسون" for "Samsung").
 */
export function nameSoundTokens(token: string): string[] {
  const sound = wordSound(token);
  return sound
    ? [...new Set([...sound.keys, ...sound.shortened])].map((key) => `${sound.script}:${key}`)
    : [];
}

/**
 * The tokens a customer's word looks for: its keys (whole: a name is never found by a part of the customer's word)
 * in every other script, and in its own those of {@link MIN_SAME_SCRIPT_KEY} classes or more.
 */
export function lookupSoundTokens(token: string): string[] {
  const sound = wordSound(token);
  if (!sound) return [];
  return SCRIPT_TAGS.flatMap((tag) =>
    sound.keys
      .filter((key) => tag !== sound.script || key.length >= MIN_SAME_SCRIPT_KEY)
      .map((key) => `${tag}:${key}`),
  );
}

/**
 * A text's sound tokens, each once: its words' name tokens, or with `lookup` the tokens they look for. catalogue-
 * service's `sound_keys(text, lookup)` computes the same (test/product-sounds.integration-spec.ts).
 */
export function soundTokensOf(text: string, lookup: boolean): string[] {
  return [...new Set(tokenize(text).flatMap(lookup ? lookupSoundTokens : nameSoundTokens))];
}
