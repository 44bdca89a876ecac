import { mapAtMost } from './map-at-most';

describe('mapAtMost', () => {
  it('runs at most the given number at once and answers in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapAtMost([30, 5, 20, 1, 10, 2], 2, async (ms) => {
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return ms * 2;
    });
    expect(results).toEqual([60, 10, 40, 2, 20, 4]);
    expect(most).toBe(2);
  });

  it('answers an empty list at once', async () => {
    expect(await mapAtMost([], 3, async () => 1)).toEqual([]);
  });
});
