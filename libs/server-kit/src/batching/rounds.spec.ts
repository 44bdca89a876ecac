import { inRounds } from './rounds';

describe('inRounds', () => {
  it('applies each key once per round, in the order the items came, and answers each at its position', async () => {
    const rounds: string[][] = [];
    const items = ['a:sent', 'b:sent', 'a:delivered', 'a:read', 'c:sent'];
    const results = await inRounds(
      items,
      (item) => item.split(':')[0],
      async (round) => {
        rounds.push(round);
        return round.map((item) => item.toUpperCase());
      },
    );
    expect(rounds).toEqual([['a:sent', 'b:sent', 'c:sent'], ['a:delivered'], ['a:read']]);
    expect(results).toEqual(['A:SENT', 'B:SENT', 'A:DELIVERED', 'A:READ', 'C:SENT']);
  });

  it('runs nothing for no items', async () => {
    const apply = jest.fn();
    expect(await inRounds([], String, apply)).toEqual([]);
    expect(apply).not.toHaveBeenCalled();
  });
});
