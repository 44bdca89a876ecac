import { aMessage } from '../../../test/fixtures/messages';
import { dayName, threadDays } from '../inbox-format';

const at = (year: number, month: number, day: number, hour: number, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

describe('threadDays', () => {
  it('turns a thread oldest first and cuts it at each local midnight', () => {
    const message = (id: string, time: Date) => aMessage({ id, timestamp: time.toISOString() });
    const days = threadDays([
      message('m-4', at(2024, 6, 2, 9)),
      message('m-3', at(2024, 6, 2, 0, 0)),
      message('m-2', at(2024, 6, 1, 23, 59)),
      message('m-1', at(2024, 6, 1, 8)),
    ]);

    expect(days.map(({ day, messages }) => [new Date(day), messages.map((m) => m.id)])).toEqual([
      [at(2024, 6, 1, 0), ['m-1', 'm-2']],
      [at(2024, 6, 2, 0), ['m-3', 'm-4']],
    ]);
  });

  it('has no days for no messages', () => {
    expect(threadDays([])).toEqual([]);
  });
});

describe('dayName', () => {
  const now = at(2024, 6, 2, 15).getTime();

  it.each([
    ['today', at(2024, 6, 2, 0), 'today'],
    ['yesterday', at(2024, 6, 1, 0), 'yesterday'],
    ['two days ago', at(2024, 5, 31, 0), 'date'],
    ['a year ago today', at(2023, 6, 2, 0), 'date'],
  ])('%s', (_case, day, expected) => {
    expect(dayName(day.getTime(), now)).toBe(expected);
  });
});
