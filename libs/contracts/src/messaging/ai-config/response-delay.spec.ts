import { isValidResponseDelay, RESPONSE_DELAY } from './response-delay';

describe('response delay', () => {
  it('defaults to 30 seconds within 0–300 in steps of 15', () => {
    expect(RESPONSE_DELAY).toEqual({ min: 0, max: 300, step: 15, default: 30 });
    expect(isValidResponseDelay(RESPONSE_DELAY.default)).toBe(true);
  });

  it.each([0, 15, 30, 285, 300])('accepts %d', (delay) => {
    expect(isValidResponseDelay(delay)).toBe(true);
  });

  it.each([-15, 10, 30.5, 301, 315, Number.NaN, '30', null])('refuses %j', (delay) => {
    expect(isValidResponseDelay(delay)).toBe(false);
  });
});
