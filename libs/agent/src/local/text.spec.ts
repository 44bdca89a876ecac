import { clip, normalize, stem, tokenize } from './text';

describe('normalize', () => {
  it.each([
    ['¿CUÁNTO Cuesta?', '¿cuanto cuesta?'],
    ['Piña', 'pina'],
    ['أريد إرجاع آخر', 'اريد ارجاع اخر'],
    ['كَمْ سِعْرُ', 'كم سعر'],
    ['الجـــاكيت', 'الجاكيت'],
    ['مكتبة على', 'مكتبه علي'],
    ['٤٥٦٧٨ و ۱۲', '45678 و 12'],
  ])('%j → %j', (text, normalised) => {
    expect(normalize(text)).toBe(normalised);
  });
});

describe('tokenize and stem', () => {
  it('splits on anything but letters and digits', () => {
    expect(tokenize("I'd like 2× Trail-Runner X2!")).toEqual([
      'i',
      'd',
      'like',
      '2',
      'trail',
      'runner',
      'x2',
    ]);
  });

  it.each([
    ['prices', 'price'],
    ['zapatillas', 'zapatilla'],
    ['glass', 'glass'],
    ['bus', 'bus'],
    ['السعر', 'سعر'],
    ['والسعر', 'سعر'],
    ['بالجمله', 'جمله'],
    ['وسعر', 'سعر'],
    ['وصل', 'وصل'],
    ['x2', 'x2'],
  ])('%s → %s', (token, stemmed) => {
    expect(stem(token)).toBe(stemmed);
  });
});

describe('clip', () => {
  it('keeps short text and cuts long text at a word with an ellipsis', () => {
    expect(clip('  short\n text ', 20)).toBe('short text');
    const clipped = clip(
      'Lightweight trail running shoe with a grippy outsole and a breathable mesh upper.',
      40,
    );
    expect(clipped).toBe('Lightweight trail running shoe with a…');
    expect(clipped.length).toBeLessThanOrEqual(40);
  });
});
