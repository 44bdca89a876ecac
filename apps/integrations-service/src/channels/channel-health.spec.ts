import { foldSends } from './channel-health.queries';

const ok = { ok: true, error: null };
const failed = (error: string) => ({ ok: false, error });

describe('foldSends: how one batch of a page moves its failures in a row', () => {
  it('adds failures to the run when none went out', () => {
    expect(foldSends([failed('a'), failed('b')])).toEqual({ reset: false, failures: 2, lastError: 'b' });
  });

  it('starts the run again from the failures after the last send that went out', () => {
    expect(foldSends([failed('a'), ok, failed('b')])).toEqual({ reset: true, failures: 1, lastError: 'b' });
    expect(foldSends([failed('a'), failed('b'), ok])).toEqual({ reset: true, failures: 0, lastError: null });
  });
});
