import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { Account } from './account.entity';

/** The database of billing accounts: the only place that reads their table as entities. */
@Injectable()
export class AccountsQueries {
  constructor(private readonly em: EntityManager) {}

  /** The owner's account; null for a new owner, who has no row yet. */
  find(ownerId: string): Promise<Account | null> {
    return this.em.findOne(Account, { ownerId });
  }
}
