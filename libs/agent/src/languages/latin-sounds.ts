import type { SoundNotes } from './language-pack';

/**
 * How Latin-script words sound (the English and Spanish packs share one script, so one set of notes): letter groups
 * first, longest first, then one class per letter. Doubled letters are one ("mozzarella" as "mozarela"); an ending
 * "s" is read with and without (a plural); "c" and "g(u)" are soft before e, i, y; "gh" is a "g" before a vowel and
 * silent otherwise; vowels, "y" and "h" are gaps; "w" is a consonant or a vowel by the word.
 * catalogue-service's `sound_keys` holds the same rules (its migration, "Sound keys").
 */
export const LATIN_SOUNDS: SoundNotes = {
  script: 'latin',
  groups: [
    [/([a-z])\1/g, '$1'],
    [/s$/, 'Z'],
    [/ch(?=[lr])/g, 'K'],
    [/tch|sh|ch/g, 'S'],
    [/ph/g, 'B'],
    [/th/g, 'T'],
    [/gh(?=[aeiouy])|kh|ck|qu|gu(?=[eiy])/g, 'K'],
    [/gh/g, '.'],
    [/c(?=[eiy])/g, 'S'],
    [/x/g, 'KS'],
    [/wh/g, 'W'],
  ],
  letters: { B: 'bpfv', T: 'dt', S: 'sz', K: 'cgjkq', L: 'l', M: 'm', N: 'n', R: 'r', W: 'w' },
};
