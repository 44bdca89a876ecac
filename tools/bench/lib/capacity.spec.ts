import { capacitySteps, describeSteps, findCapacity, stepMeasurement } from './capacity.mjs';
import { judge, type Measurement } from './report.mjs';

const measurement = (rps: number, p99: number): Measurement => ({
  rps,
  p50: p99 / 2,
  p95: p99 * 0.9,
  p99,
  requests: 1000,
  errors: 0,
  seconds: 10,
});

describe('the capacity steps', () => {
  it('go from the first rate up by the step to the last, 60 s each unless told', () => {
    expect(capacitySteps({})).toEqual({ rates: [100, 150, 200, 250, 300, 350, 400], seconds: 60 });
    const quick = capacitySteps({
      BENCH_REPLIES_RATE: '50',
      BENCH_REPLIES_STEP: '25',
      BENCH_REPLIES_MAX: '110',
      BENCH_REPLIES_SECONDS: '5',
    });
    expect(quick).toEqual({ rates: [50, 75, 100], seconds: 5 });
    expect(describeSteps(quick)).toBe('50, 75 … 100/s, 5 s each');
    expect(describeSteps({ rates: [20, 40], seconds: 10 })).toBe('20, 40/s, 10 s each');
    expect(describeSteps({ rates: [200], seconds: 60 })).toBe('200/s, 60 s each');
  });

  it('refuse a setting that is not a positive number, naming it', () => {
    expect(() => capacitySteps({ BENCH_REPLIES_SECONDS: '0' })).toThrow(
      'BENCH_REPLIES_SECONDS must be a positive number',
    );
    expect(() => capacitySteps({ BENCH_REPLIES_RATE: 'fast' })).toThrow(
      'BENCH_REPLIES_RATE must be a positive number',
    );
    expect(() => capacitySteps({ BENCH_REPLIES_RATE: '500' })).toThrow('is above BENCH_REPLIES_MAX');
  });
});

describe('findCapacity', () => {
  // findCapacity prints a line per step.
  beforeEach(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('stops at the first rate not kept and reports the highest kept, with that step’s latencies', async () => {
    const tried: number[] = [];
    const { ours, extra } = await findCapacity({ rates: [100, 150, 200, 250], seconds: 60 }, async (rate) => {
      tried.push(rate);
      return { kept: rate < 200, ours: measurement(rate * 0.99, rate), why: `at ${rate}` };
    });
    expect(tried).toEqual([100, 150, 200]);
    expect(ours).toMatchObject({ rps: 150, p99: 150 });
    expect(Object.keys(extra)).toEqual(['100/s for 60 s', '150/s for 60 s', '200/s for 60 s']);
    expect(extra['200/s for 60 s'].note).toBe('NOT kept: at 200');
  });

  it('says the capacity is below the first rate when even that was not kept', async () => {
    const { ours } = await findCapacity({ rates: [100, 150], seconds: 10 }, async () => ({
      kept: false,
      ours: measurement(48, 900),
      why: 'fell behind',
    }));
    expect(ours).toMatchObject({ rps: 0, below: 100 });
    expect(judge({ capacity: 200 }, { ours })).toMatchObject({ pass: false, shown: '< 100/s' });
  });
});

describe('judge', () => {
  it('passes a floor ratio only when both the throughput ratio and the p99 ratio hold', () => {
    const floor = measurement(4000, 10);
    const target = { ratio: 0.5, p99Ratio: 2 };
    expect(judge(target, { ours: measurement(2400, 18), floor })).toMatchObject({
      pass: true,
      label: '≥ 50 %, p99 ≤ 2×',
      shown: '60 %, p99 1.80×',
    });
    expect(judge(target, { ours: measurement(2400, 25), floor }).pass).toBe(false);
    expect(judge(target, { ours: measurement(1600, 12), floor }).pass).toBe(false);
  });

  it('passes a capacity at or above the target rate', () => {
    expect(judge({ capacity: 200 }, { ours: measurement(250, 120) })).toMatchObject({
      pass: true,
      label: 'kept ≥ 200/s',
      shown: '250/s',
    });
    expect(judge({ capacity: 200 }, { ours: measurement(150, 120) }).pass).toBe(false);
  });
});

describe('stepMeasurement', () => {
  it('counts the outcomes seen while sending, the latencies of all acked posts and the posts not acked', () => {
    // Four posts over 2 s of sending (ended at 2000): one answered while sending, one after, one never,
    // one not acked.
    const sent = [{ sentAt: 0 }, { sentAt: 500 }, { sentAt: 1000 }, { sentAt: 1500 }];
    const doneAt = new Map([
      [sent[0], 100],
      [sent[1], 2600],
      [sent[2], Infinity],
    ]);
    const m = stepMeasurement({ sent, seconds: 2 }, sent.slice(0, 3), (r) => doneAt.get(r) ?? Infinity, 2000);
    expect(m).toMatchObject({ rps: 0.5, p50: 2100, p99: Infinity, requests: 4, errors: 1, seconds: 2 });
  });
});
