import { fetchLimit, likePattern } from './list-sql';

describe('fetchLimit', () => {
  it.each([
    [1, 6],
    [5, 6],
    [6, 11],
    [20, 21],
    [99, 101],
    [100, 101],
    [101, 201],
    [500, 501],
  ])('fetches %i rows as %i: more than the page, from a small set of sizes', (limit, rows) => {
    expect(fetchLimit(limit)).toBe(rows);
  });
});

describe('likePattern', () => {
  it('lower-cases the term and takes its wildcards literally', () => {
    expect(likePattern('50%_Off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
