import { DEFAULT_API_CALLS_LIMIT, DEFAULT_PACKAGE } from '@parley/contracts';
import { Account } from './account.entity';
import { toBillingAccount } from './accounts.mapper';
import { newBillingAccount } from './accounts.service';

describe('billing accounts', () => {
  it('answers a new owner, who has no row yet, with the default plan and nothing used', () => {
    expect(newBillingAccount('owner')).toEqual({
      ownerId: 'owner',
      currentPackage: DEFAULT_PACKAGE,
      apiCallsUsed: 0,
      apiCallsLimit: DEFAULT_API_CALLS_LIMIT,
      warningLevel: 0,
    });
  });

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
