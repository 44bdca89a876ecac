import { isoTime, isoTimeMicros } from './timestamps';

describe('timestamps as PostgreSQL sends them in UTC', () => {
  it.each([
    ['2026-11-24 15:48:48.123456+00', '2026-11-24T15:48:48.123Z', '2026-11-24T15:48:48.123456Z'],
    ['2026-11-24 15:48:48.1239+00', '2026-11-24T15:48:48.123Z', '2026-11-24T15:48:48.123900Z'],
    ['2026-11-24 15:48:48.5+00', '2026-11-24T15:48:48.500Z', '2026-11-24T15:48:48.500000Z'],
    ['2026-01-02 03:04:05+00', '2026-01-02T03:04:05.000Z', '2026-01-02T03:04:05.000000Z'],
  ])('%s', (text, millis, micros) => {
    expect(isoTime(text)).toBe(millis);
    expect(isoTimeMicros(text)).toBe(micros);
  });

  it('gives what Date#toISOString gives for the same instant', () => {
    const text = '1999-12-31 23:59:59.999999+00';
    expect(isoTime(text)).toBe(new Date('1999-12-31T23:59:59.999Z').toISOString());
  });

  it('refuses a time in another zone rather than shifting it', () => {
    expect(() => isoTime('2026-11-24 17:48:48.123+02')).toThrow(/UTC/);
  });
});
