import { Batcher } from './batcher';

describe('Batcher', () => {
  it('runs the first call at once and the calls made meanwhile together, in order', async () => {
    const batches: number[][] = [];
    const batcher = new Batcher<number, number>(async (inputs) => {
      batches.push(inputs);
      await new Promise((r) => setTimeout(r, 5));
      return inputs.map((n) => n * 10);
    });
    const results = await Promise.all([1, 2, 3, 4].map((n) => batcher.call(n)));
    expect(results).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails every call of a failed batch, and goes on with the next', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(async (inputs) => {
      await Promise.resolve();
      if (fail) {
        fail = false;
        throw new Error('down');
      }
      return inputs;
    });
    const first = batcher.call(1);
    const second = batcher.call(2);
    await expect(first).rejects.toThrow('down');
    await expect(second).resolves.toBe(2);
  });

  it('caps the batch size', async () => {
    const sizes: number[] = [];
    const batcher = new Batcher<number, number>(async (inputs) => {
      sizes.push(inputs.length);
      await Promise.resolve();
      return inputs;
    }, 2);
    await Promise.all([1, 2, 3, 4, 5, 6].map((n) => batcher.call(n)));
    expect(sizes).toEqual([1, 2, 2, 1]);
  });
});
