import { categoryOf, MAX_PASSAGE_CHARS, toPassages } from './passages';
import type { TextBlock } from './text-blocks';

const heading = (text: string): TextBlock => ({ kind: 'heading', text });
const paragraph = (text: string): TextBlock => ({ kind: 'paragraph', text });

describe('toPassages', () => {
  it('makes one passage per heading, titles text before any heading by the document, and joins a heading with nothing under it to the next', () => {
    expect(
      toPassages(
        [
          paragraph('Welcome to our shop.'),
          heading('Policies'),
          heading('Returns'),
          paragraph('Thirty days.'),
          paragraph('Keep the receipt.'),
          heading('Contact'),
          paragraph('Call us.'),
        ],
        'handbook.pdf',
      ),
    ).toEqual([
      { category: 'faqs', title: 'handbook.pdf (part 1)', content: 'Welcome to our shop.' },
      { category: 'policies', title: 'Policies › Returns', content: 'Thirty days.\n\nKeep the receipt.' },
      { category: 'support', title: 'Contact', content: 'Call us.' },
    ]);
  });

  it('packs whole paragraphs up to the limit, and cuts a longer one between sentences, then words', () => {
    const sentence = 'Parcels are insured up to five hundred euros each. ';
    const long = sentence.repeat(80).trim();
    const word = 'x'.repeat(MAX_PASSAGE_CHARS + 10);
    const passages = toPassages([heading('Insurance'), paragraph(long), paragraph(word)], 'd');
    for (const p of passages) expect(p.content.length).toBeLessThanOrEqual(MAX_PASSAGE_CHARS);
    expect(passages.slice(0, -2).every((p) => p.content.endsWith('each.'))).toBe(true);
    expect(passages.map((p) => p.content).join(' ')).toBe(
      `${long} ${word.slice(0, MAX_PASSAGE_CHARS)} ${word.slice(MAX_PASSAGE_CHARS)}`,
    );
  });

  it('drops control characters and lone surrogates, and keeps a title within 200 characters', () => {
    const [passage] = toPassages([heading('T'.repeat(300)), paragraph('a\u0000b\ud800c\t\td')], 'd');
    expect(passage.content).toBe('abc d');
    expect(passage.title).toHaveLength(200);
    expect(passage.title.endsWith('…')).toBe(true);
  });

  it('answers no passage for no text', () => {
    expect(toPassages([paragraph('  '), paragraph('\u0000')], 'd')).toEqual([]);
  });
});

describe('categoryOf', () => {
  it.each([
    ['Shipping & Returns', 'policies'],
    ['Política de envíos', 'policies'],
    ['سياسة الإرجاع', 'policies'],
    ['Frequently asked questions', 'faqs'],
    ['Contacto', 'support'],
    ['Opening hours', 'company_info'],
    ['Horario de la tienda', 'company_info'],
    ['Our products', 'products'],
    ['Miscellaneous', 'faqs'],
  ])('files %j under %s', (title, category) => {
    expect(categoryOf(title)).toBe(category);
  });
});
