import type { BillingAccount } from '@parley/contracts';
import type { Account } from './account.entity';

/** What callers see of an account: the plan and the meter (no timestamps). */
export function toBillingAccount(account: Account): BillingAccount {
  const { ownerId, currentPackage, apiCallsUsed, apiCallsLimit, warningLevel } = account;
  return { ownerId, currentPackage, apiCallsUsed, apiCallsLimit, warningLevel };
}
