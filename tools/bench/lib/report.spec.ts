import { judge, type Measurement, tooManyErrors } from './report.mjs';

const sent = (rps: number, residentMb: number, errors = 0): Measurement => ({
  rps,
  p50: 10_000,
  p99: 10_000,
  requests: 10_000,
  errors,
  seconds: 10,
  residentMb,
});
const floor: Measurement = { rps: 400, p50: 25_000, p99: 25_000, requests: 10_000, errors: 0, seconds: 25 };

describe('a ratio target with a resident-memory bound (the email campaign)', () => {
  it('passes when both hold, and shows both', () => {
    expect(judge({ ratio: 0.5, residentMb: 50 }, { ours: sent(250, 22), floor })).toEqual({
      value: 0.625,
      pass: true,
      label: '≥ 50 %, ± 50.0 MB',
      shown: '63 %, +22.0 MB',
    });
  });

  it('misses on memory beyond the bound either way, without counting failed mails', () => {
    const grown = sent(250, 104);
    expect(judge({ ratio: 0.5, residentMb: 50 }, { ours: grown, floor })).toMatchObject({
      pass: false,
      shown: '63 %, +104 MB',
    });
    expect(judge({ ratio: 0.5, residentMb: 50 }, { ours: sent(250, -60), floor }).pass).toBe(false);
    expect(tooManyErrors(grown)).toBe(false);
  });

  it('misses on speed below the ratio', () => {
    expect(judge({ ratio: 0.5, residentMb: 50 }, { ours: sent(76, 10), floor }).pass).toBe(false);
  });
});
