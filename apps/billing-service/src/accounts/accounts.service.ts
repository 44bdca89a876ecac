import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { BillingAccount } from '@parley/contracts';
import { ensureAccounts } from '../billing/allowance.sql';
import { toBillingAccount } from './accounts.mapper';
import { AccountsQueries } from './accounts.queries';
import { Clock } from '@parley/server-kit';

@Injectable()
export class AccountsService {
  constructor(
    private readonly queries: AccountsQueries,
    private readonly em: EntityManager,
    private readonly clock: Clock,
  ) {}

  /** The owner's plan and meter; a new owner's account is created first, on the Free plan with its calls. */
  async get(ownerId: string): Promise<BillingAccount> {
    let account = await this.queries.find(ownerId);
    if (!account) {
      await ensureAccounts(this.em, [ownerId], this.clock.now());
      account = await this.queries.find(ownerId);
    }
    if (!account) throw new Error(`The billing account of ${ownerId} could not be created`);
    return toBillingAccount(account);
  }
}
