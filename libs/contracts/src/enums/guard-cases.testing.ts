// For the enumeration specs only (not exported from the contracts): one table of type guards, each with
// a value it accepts and one it refuses (null is refused by all).

type Guard = (value: unknown) => boolean;

/** One test per row: `guard` accepts `good` and refuses `bad` and null. */
export function itGuards(cases: [guard: Guard, good: unknown, bad: unknown][]): void {
  it.each(cases)('%p accepts %j and refuses %j', (guard, good, bad) => {
    expect(guard(good)).toBe(true);
    expect(guard(bad)).toBe(false);
    expect(guard(null)).toBe(false);
  });
}
