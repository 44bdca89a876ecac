import { pdf, type PdfRun } from '@parley/server-kit/testing';
import { documentBlocks } from './document-text';
import { toPassages } from './passages';

/**
 * A long handbook as owners upload them: 30 pages, each a heading and a few paragraphs, with one fact
 * on the first, a middle and the last page that a customer may ask about.
 */
function handbook(facts: Record<number, string>): Buffer {
  const pages: PdfRun[][] = [];
  for (let page = 1; page <= 30; page++) {
    const runs: PdfRun[] = [
      [72, 800, 'Harbour Pottery - Customer Handbook'],
      [72, 760, `Section ${page}: Studio practice`],
      [280, 40, `Page ${page} of 30`],
    ];
    let y = 730;
    for (let paragraph = 0; paragraph < 4; paragraph++) {
      for (let line = 0; line < 5; line++) {
        runs.push([
          72,
          y,
          `Line ${line + 1} of paragraph ${paragraph + 1} on page ${page} about glazes and kilns.`,
        ]);
        y -= 14;
      }
      y -= 14;
    }
    if (facts[page]) runs.push([72, y - 14, facts[page]]);
    pages.push(runs);
  }
  return pdf(pages);
}

describe('a 30-page PDF', () => {
  it('keeps the facts of its first, middle and last pages in its passages', async () => {
    const facts = {
      1: 'Our studio opened in 2009 in Stoke-on-Trent.',
      15: 'Glaze firing takes 11 days before collection.',
      30: 'Gift vouchers are valid for 18 months.',
    };
    const passages = toPassages(await documentBlocks(handbook(facts), 'pdf'), 'handbook.pdf');
    const text = passages.map((p) => `${p.title}\n${p.content}`).join('\n');
    for (const fact of Object.values(facts)) expect(text).toContain(fact);
    expect(text).toContain('page 30');
  }, 30_000);
});
