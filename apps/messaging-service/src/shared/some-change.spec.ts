import { ErrorCode } from '@parley/contracts';
import { requireSomeChange } from './some-change';

describe('requireSomeChange', () => {
  interface Change {
    closed?: boolean;
    read?: boolean | null;
  }
  const fields = ['closed', 'read'] as const;
  const check = (change: Change) => requireSomeChange(change, fields);

  it('passes a change that gives any of the fields, false and null included', () => {
    expect(check({ closed: false })).toEqual({ closed: false });
    expect(check({ read: null })).toEqual({ read: null });
  });

  it('refuses one that gives none of them, naming them all', () => {
    expect(() => check({ closed: undefined })).toThrow(
      expect.objectContaining({
        code: ErrorCode.ValidationFailed,
        message: 'Nothing to change: send at least one of closed, read',
      }),
    );
  });
});
