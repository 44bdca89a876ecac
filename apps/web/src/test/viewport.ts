/**
 * jsdom has no screen: the test setup's `matchMedia` matches nothing (antd's breakpoints then read the
 * narrowest one, our own `(max-width: …)` queries a wide window). This makes `(min-width: …)` and
 * `(max-width: …)` queries answer as a window `width` pixels wide would, until the test ends (jest
 * restores the spy).
 */
export function setViewportWidth(width: number): void {
  const unmatched = window.matchMedia;
  jest
    .spyOn(window, 'matchMedia')
    .mockImplementation((query: string) => ({ ...unmatched(query), matches: mediaMatches(query, width) }));
}

/** Whether every `(min-width: Npx)` and `(max-width: Npx)` part of `query` holds at `width`. */
function mediaMatches(query: string, width: number): boolean {
  const parts = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)];
  return (
    parts.length > 0 &&
    parts.every(([, kind, px]) => (kind === 'min' ? width >= Number(px) : width <= Number(px)))
  );
}
