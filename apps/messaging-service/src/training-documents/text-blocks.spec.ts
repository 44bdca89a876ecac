import { blocksOfParagraphs, blocksOfPlainText, headingOf } from './text-blocks';

describe('headingOf', () => {
  it.each([
    ['## Returns', 'Returns'],
    ['# Envíos #', 'Envíos'],
    ['2. Returns', '2. Returns'],
    ['2.3 Damaged parcels', '2.3 Damaged parcels'],
    ['IV. Warranty', 'IV. Warranty'],
    ['SHIPPING AND DELIVERY', 'SHIPPING AND DELIVERY'],
    ['Opening hours:', 'Opening hours'],
    ['سياسة الإرجاع:', 'سياسة الإرجاع'],
  ])('takes %j for a heading', (line, heading) => {
    expect(headingOf(line)).toBe(heading);
  });

  it.each([
    'We ship in 2 days.',
    '1. Orders ship within two working days.',
    'FREE SHIPPING ON EVERY ORDER.',
    'OK',
    'Monday: 9:00 to 17:00',
    `${'A very long line that goes on '.repeat(4)}:`,
  ])('keeps %j as text', (line) => {
    expect(headingOf(line)).toBeUndefined();
  });
});

describe('blocksOfParagraphs', () => {
  it('splits a heading from the text under it, joins wrapped PDF lines and hyphenated words', () => {
    expect(
      blocksOfParagraphs(
        [{ lines: ['RETURNS', 'Items can be returned within thirty days of deliv-', 'ery.'] }],
        ' ',
      ),
    ).toEqual([
      { kind: 'heading', text: 'RETURNS' },
      { kind: 'paragraph', text: 'Items can be returned within thirty days of delivery.' },
    ]);
  });

  it('takes a lone short line above longer text, or a line set larger, for a heading', () => {
    expect(
      blocksOfParagraphs(
        [
          { lines: ['Opening hours'] },
          { lines: ['We open at nine every day.'] },
          { lines: ['A line set large'], large: true },
          { lines: ['Short'] },
        ],
        ' ',
      ),
    ).toEqual([
      { kind: 'heading', text: 'Opening hours' },
      { kind: 'paragraph', text: 'We open at nine every day.' },
      { kind: 'heading', text: 'A line set large' },
      { kind: 'paragraph', text: 'Short' },
    ]);
  });
});

describe('blocksOfPlainText', () => {
  it('reads blank-line paragraphs, Markdown and Setext headings, keeping line breaks inside a paragraph', () => {
    expect(blocksOfPlainText('Hours\r\n=====\r\nMon: 9-5\r\nSat: 10-2\r\n\r\n## Phone\n\nCall us.')).toEqual([
      { kind: 'heading', text: 'Hours' },
      { kind: 'paragraph', text: 'Mon: 9-5\nSat: 10-2' },
      { kind: 'heading', text: 'Phone' },
      { kind: 'paragraph', text: 'Call us.' },
    ]);
  });
});
