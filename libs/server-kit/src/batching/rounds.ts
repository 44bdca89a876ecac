/**
 * Applies `items` in rounds in which each key appears at most once, in the order the items came: a
 * statement that joins its input to the rows it updates changes a row once per statement, so two reports
 * for one row arriving together (`delivered` then `read`) need two statements. Answers each item's result
 * at its position; `apply` answers one result per item of its round, in order. Usually one round.
 */
export async function inRounds<T, R>(
  items: readonly T[],
  keyOf: (item: T) => string,
  apply: (round: T[]) => Promise<R[]>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let pending = items.map((item, index) => ({ item, index }));
  while (pending.length > 0) {
    const seen = new Set<string>();
    const round: typeof pending = [];
    const later: typeof pending = [];
    for (const entry of pending) {
      const key = keyOf(entry.item);
      (seen.has(key) ? later : round).push(entry);
      seen.add(key);
    }
    const answers = await apply(round.map(({ item }) => item));
    round.forEach(({ index }, i) => {
      results[index] = answers[i];
    });
    pending = later;
  }
  return results;
}
