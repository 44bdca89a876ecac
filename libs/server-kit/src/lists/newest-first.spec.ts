import { decodeCursor } from './cursor';
import { columnIndex, toPage } from './newest-first';

describe('columnIndex', () => {
  it('names each column by its position in the select list', () => {
    expect(columnIndex(['id', 'name', 'created_at'] as const)).toEqual({ id: 0, name: 1, created_at: 2 });
  });
});

describe('toPage', () => {
  type Row = [id: string, at: string];
  const rows: Row[] = [
    ['0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2a', '2026-11-25 01:02:03.456789+00'],
    ['0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2b', '2026-11-25 01:02:02.1+00'],
    ['0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c', '2026-11-25 01:02:01+00'],
  ];
  const page = (limit: number) =>
    toPage(
      rows,
      limit,
      ([id]) => ({ id }),
      ([id, at]) => ({ at, id }),
    );

  it('keeps `limit` rows and names the last kept one, to the microsecond, as the next cursor', () => {
    const { items, nextCursor } = page(2);
    expect(items).toEqual([{ id: rows[0][0] }, { id: rows[1][0] }]);
    expect(decodeCursor(nextCursor)).toEqual({ at: '2026-11-25T01:02:02.100000Z', id: rows[1][0] });
  });

  it('has no next cursor when the query found no more than the page', () => {
    const { items, nextCursor } = page(3);
    expect(items).toEqual(rows.map(([id]) => ({ id })));
    expect(nextCursor).toBeUndefined();
  });

  it('names any kept row as the cursor after it, for a page that must end early', () => {
    const { cursorAfter } = page(3);
    expect(decodeCursor(cursorAfter?.(0))).toEqual({ at: '2026-11-25T01:02:03.456789Z', id: rows[0][0] });
    expect(decodeCursor(cursorAfter?.(2))).toEqual({ at: '2026-11-25T01:02:01.000000Z', id: rows[2][0] });
  });
});
