import { ErrorCode } from '@parley/contracts';
import { decodeCursor, encodeCursor } from './cursor';

describe('decodeCursor', () => {
  const id = '0b7d5a4e-3c2f-4e1a-9b8c-7d6e5f4a3b2c';
  const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('reads back what encodeCursor wrote', () => {
    const at = '2026-11-25T01:02:03.456789Z';
    expect(decodeCursor(encodeCursor(at, id))).toEqual({ at, id });
    expect(decodeCursor(undefined)).toBeUndefined();
    expect(decodeCursor('')).toBeUndefined();
  });

  it.each([
    ['not base64 JSON', 'not a cursor!'],
    ['an object', encode({ at: '2026-11-25T01:02:03Z', id })],
    ['a number', encode(7)],
    ['null', encode(null)],
    ['three items', encode(['2026-11-25T01:02:03Z', id, 'x'])],
    ['an id of 36 dashes', encode(['2026-11-25T01:02:03Z', '-'.repeat(36)])],
    ['an upper-case id', encode(['2026-11-25T01:02:03Z', id.toUpperCase()])],
    ['a time PostgreSQL reads differently', encode(['1', id])],
    ['a day that does not exist', encode(['2026-02-31T00:00:00Z', id])],
    ['a time with an offset', encode(['2026-11-25T01:02:03+01:00', id])],
  ])('refuses %s as a 400 naming the cursor', (_what, cursor) => {
    expect(() => decodeCursor(cursor)).toThrow(
      expect.objectContaining({ code: ErrorCode.ValidationFailed, details: { field: 'cursor' } }),
    );
  });
});
