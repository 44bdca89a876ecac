import { messageLabel, platformCode, relativeTime } from '../message-format';

const NOW = Date.parse('2024-06-01T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const SECOND = 1000;
const MINUTE = 60 * SECOND;

describe('relativeTime (spec 000 §9)', () => {
  it.each([
    ['0 seconds', ago(0), { unit: 'justNow' }],
    ['59 seconds', ago(59 * SECOND), { unit: 'justNow' }],
    ['1 minute', ago(MINUTE), { unit: 'minutes', count: 1 }],
    ['59 minutes 59 seconds', ago(60 * MINUTE - SECOND), { unit: 'minutes', count: 59 }],
    ['60 minutes', ago(60 * MINUTE), { unit: 'hours', count: 1 }],
    ['1439 minutes', ago(1439 * MINUTE), { unit: 'hours', count: 23 }],
    ['1440 minutes', ago(1440 * MINUTE), { unit: 'days', count: 1 }],
    ['10 days', ago(10 * 1440 * MINUTE), { unit: 'days', count: 10 }],
    ['a time ahead of this clock', ago(-5 * MINUTE), { unit: 'justNow' }],
    ['no time', null, { unit: 'unknown' }],
    ['an empty time', '', { unit: 'unknown' }],
    ['not a date', 'yesterday', { unit: 'unknown' }],
  ])('%s', (_case, timestamp, expected) => {
    expect(relativeTime(timestamp, NOW)).toEqual(expected);
  });
});

describe('platformCode (spec 000 §9)', () => {
  it.each([
    ['instagram', 'IG'],
    ['facebook', 'FB'],
    ['twitter', 'TW'],
    ['whatsapp', 'WH'],
    ['email', 'EM'],
    ['sms', 'SM'],
  ])('%s → %s', (platform, code) => {
    expect(platformCode(platform)).toBe(code);
  });
});

describe('messageLabel (spec 000 §4)', () => {
  it.each([
    ['incoming', false, 'incoming'],
    ['incoming', true, 'incoming'],
    ['outgoing', true, 'aiResponse'],
    ['outgoing', false, 'manualResponse'],
  ] as const)('%s, aiGenerated %s → %s', (direction, aiGenerated, label) => {
    expect(messageLabel({ direction, aiGenerated })).toBe(label);
  });
});
