import { lookupSoundTokens, nameSoundTokens, wordSound } from './sound';
import { tokenize } from './text';

/** The sound keys of one word as it is written (normalised first, as retrieval does). */
const keysOf = (word: string) => wordSound(tokenize(word)[0])?.keys ?? [];
/** Whether a customer's word finds a name's word by its sound. */
const finds = (customer: string, name: string) => {
  const tokens = new Set(nameSoundTokens(tokenize(name)[0]));
  return lookupSoundTokens(tokenize(customer)[0]).some((token) => tokens.has(token));
};

describe('sound keys', () => {
  it('reads Latin consonants in classes, vowels and silent letters as gaps', () => {
    expect(keysOf('laptop')).toEqual(['LBTB']);
    // sh, ch and a soft c are one class; ph is a b; gh before a vowel and a hard c are a k.
    expect(keysOf('pharmacy')).toEqual(['BRMS']);
    expect(keysOf('spaghetti')).toEqual(['SBKT']);
    expect(keysOf('chocolatier')).toEqual(['SKLTR']);
  });

  it('reads Arabic letters into the same classes, long vowels, hamza and marks as gaps', () => {
    expect(keysOf('لابتوب')).toEqual(['LBTB']);
    expect(keysOf('إسبريسو')).toEqual(['SBRS']);
    expect(keysOf('إسبريسو')).toEqual(keysOf('اسبريسو'));
    // "تش" is "ch".
    expect(keysOf('ساندويتش')).toEqual(['SNTS']);
    expect(keysOf('شَاوَرْمَا')).toEqual(keysOf('شاورما'));
  });

  it('drops the article, alone or with a conjunction or preposition, when three letters are left', () => {
    expect(keysOf('اللابتوب')).toEqual(keysOf('لابتوب'));
    expect(keysOf('باللابتوب')).toEqual(keysOf('لابتوب'));
    expect(keysOf('والموزاريلا')).toEqual(keysOf('موزاريلا'));
  });

  it('reads ة and ه at the end alike, as a gap', () => {
    expect(keysOf('بسكوتة')).toEqual(['BSKT']);
    expect(keysOf('بسكوته')).toEqual(['BSKT']);
  });

  it('reads w, and و beside an alef, both as a consonant and as a vowel; و elsewhere as a vowel', () => {
    expect(keysOf('شاورما')).toEqual(['SBRM']);
    expect(keysOf('shawarma')).toEqual(['SBRM']);
    expect(keysOf('لابتوب')).toEqual(['LBTB']);
    expect(keysOf('brownies')).toEqual(['BRBN', 'BRNS', 'BRBNS']);
  });

  it('reads doubled letters once', () => {
    expect(keysOf('mozzarella')).toEqual(['MSRL']);
    expect(keysOf('mozarela')).toEqual(['MSRL']);
    expect(keysOf('tagliatelle')).toEqual(['TKLTL']);
    expect(keysOf('tagliatele')).toEqual(['TKLTL']);
  });

  it('reads an ending "s" both as a sound and as a plural', () => {
    expect(keysOf('laptops')).toEqual(['LBTB', 'LBTBS']);
    expect(finds('لابتوب', 'Laptops')).toBe(true);
  });

  it('reads accents as their letters', () => {
    expect(keysOf('básquetbol')).toEqual(keysOf('basquetbol'));
    expect(keysOf('pingüino')).toEqual(['BNKN']);
  });

  it('finds a Latin name from its Arabic spelling and back', () => {
    expect(finds('لابتوب', 'Laptop')).toBe(true);
    expect(finds('سامسونج', 'Samsung')).toBe(true);
    expect(finds('فلافل', 'Falafel')).toBe(true);
    expect(finds('تيراميسو', 'Tiramisu')).toBe(true);
    expect(finds('الموزاريلا', 'Mozzarella')).toBe(true);
    expect(finds('بافلوفا', 'Pavlova')).toBe(true);
    expect(finds('shawarma', 'شاورما')).toBe(true);
    expect(finds('biscotti', 'بسكوتة')).toBe(true);
  });

  it('finds a name whose ending the customer leaves out', () => {
    // A name's key of five classes or more is also found without its last class.
    expect(nameSoundTokens('samsung')).toEqual(['latin:SMSNK', 'latin:SMSN']);
    expect(finds('سامسون', 'Samsung')).toBe(true);
    // Never the other way round: a part of the customer's word finds nothing.
    expect(finds('سامسونج', 'Samson')).toBe(false);
  });

  it('finds a name from another spelling in the same script only by a key of five classes or more', () => {
    expect(finds('básquetbol', 'Basketball')).toBe(true);
    // Within one script the written word was compared already; shorter keys of ordinary words collide with names.
    expect(finds('nombres', 'Number')).toBe(false);
    expect(finds('upfront', 'Print')).toBe(false);
  });

  it('gives no key to numbers, words of three consonants or fewer, or words mixing scripts', () => {
    expect(wordSound('500')).toBeNull();
    expect(wordSound('aero5')).toBeNull();
    expect(wordSound('kebab')).toBeNull();
    expect(wordSound('كباب')).toBeNull();
    // Three-letter Arabic roots are countless ("بدون", without): they never find a name.
    expect(wordSound('بدون')).toBeNull();
    expect(wordSound('لابtop')).toBeNull();
  });

  it('does not find names that share only some classes', () => {
    expect(finds('لابتوب', 'Tablet')).toBe(false);
    expect(finds('laptop', 'Lollipop')).toBe(false);
    expect(finds('فلافل', 'Waffle')).toBe(false);
  });
});
