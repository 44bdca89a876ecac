import { FoldPacer } from './fold-pacer';

describe('FoldPacer', () => {
  it("spaces an owner's folds by their cost, at a tenth of the time, and leaves other owners alone", () => {
    let now = 1_000_000;
    const pacer = new FoldPacer(0.1, () => now);
    expect(pacer.due('busy')).toBe(true);
    pacer.folded('busy', 1_200);
    expect(pacer.due('busy')).toBe(false);
    expect(pacer.due('quiet')).toBe(true);
    now += 10_799;
    expect(pacer.due('busy')).toBe(false);
    now += 1;
    expect(pacer.due('busy')).toBe(true);
  });

  it('folds a cheap owner at every pass', () => {
    let now = 0;
    const pacer = new FoldPacer(0.1, () => now);
    pacer.folded('quiet', 20);
    now += 180;
    expect(pacer.due('quiet')).toBe(true);
  });
});
