import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type BillingAccount, DEFAULT_API_CALLS_LIMIT, DEFAULT_PACKAGE } from '@parley/contracts';
import { Account } from './account.entity';

@Injectable()
export class AccountsService {
  constructor(private readonly em: EntityManager) {}

  async get(ownerId: string): Promise<BillingAccount> {
    const account = await this.em.findOne(Account, { ownerId });
    if (!account) {
      return {
        ownerId,
        currentPackage: DEFAULT_PACKAGE,
        apiCallsUsed: 0,
        apiCallsLimit: DEFAULT_API_CALLS_LIMIT,
        warningLevel: 0,
      };
    }
    const { currentPackage, apiCallsUsed, apiCallsLimit, warningLevel } = account;
    return { ownerId, currentPackage, apiCallsUsed, apiCallsLimit, warningLevel };
  }
}
