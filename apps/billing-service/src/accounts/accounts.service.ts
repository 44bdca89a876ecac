import { Injectable } from '@nestjs/common';
import { type BillingAccount, DEFAULT_API_CALLS_LIMIT, DEFAULT_PACKAGE } from '@parley/contracts';
import { toBillingAccount } from './accounts.mapper';
import { AccountsQueries } from './accounts.queries';

/** A new owner's account before its first use: the default plan, nothing used. */
export function newBillingAccount(ownerId: string): BillingAccount {
  return {
    ownerId,
    currentPackage: DEFAULT_PACKAGE,
    apiCallsUsed: 0,
    apiCallsLimit: DEFAULT_API_CALLS_LIMIT,
    warningLevel: 0,
  };
}

@Injectable()
export class AccountsService {
  constructor(private readonly queries: AccountsQueries) {}

  async get(ownerId: string): Promise<BillingAccount> {
    const account = await this.queries.find(ownerId);
    return account ? toBillingAccount(account) : newBillingAccount(ownerId);
  }
}
