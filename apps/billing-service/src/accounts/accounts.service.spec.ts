import { Account } from './account.entity';
import { toBillingAccount } from './accounts.mapper';

describe('billing accounts', () => {
  it('shows the plan and the meter of a stored account, not its timestamps', () => {
    const account = Object.assign(new Account(), {
      ownerId: 'owner',
      currentPackage: 'pro',
      apiCallsUsed: 12,
      apiCallsLimit: 500,
      warningLevel: 1,
      lastWarningAt: new Date(),
    });
    expect(toBillingAccount(account)).toEqual({
      ownerId: 'owner',
      currentPackage: 'pro',
      apiCallsUsed: 12,
      apiCallsLimit: 500,
      warningLevel: 1,
    });
  });
});
