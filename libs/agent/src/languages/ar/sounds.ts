import type { SoundNotes } from '../language-pack';
import { ARTICLES } from './writing';

/**
 * How Arabic letters sound in the classes every script shares (language-pack.ts, SoundClass), so a name written in
 * Latin letters is found from its Arabic spelling and back: the article goes (when three letters are left), "تش" is
 * "ch" and "تز" is "tz"; the long vowels, "ه"/"ة", "ح", "ع" and hamza are gaps; "و" beside an alef may be a consonant
 * (w, v), elsewhere it is a vowel. Short vowels are not written, and a doubled letter (shadda) is written once, as the
 * Latin notes read it.
 * catalogue-service's `sound_keys` holds the same table (its migration, "Sound keys").
 */
export const ARABIC_SOUNDS: SoundNotes = {
  script: 'arabic',
  groups: [
    [new RegExp(`^(?:${ARTICLES.join('|')})(?=\\p{L}{3})`, 'u'), ''],
    [/(?<=ا)و|و(?=ا)/g, 'W'],
    [/تش|تز/g, 'S'],
  ],
  letters: {
    B: 'بپفڤ',
    T: 'تطدضثذظ',
    K: 'جكکقخغگ',
    S: 'سصزشژچ',
    L: 'ل',
    M: 'م',
    N: 'ن',
    R: 'ر',
  },
};
