import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { DEFAULT_API_CALLS_LIMIT, DEFAULT_PACKAGE } from '@parley/contracts';

/**
 * An owner's plan and API-call meter. Billing creates the row the first time it meets the owner
 * (ensureAccounts: the Free plan with its calls); the defaults below are the columns', which it replaces.
 */
@Entity({ tableName: 'accounts' })
export class Account {
  [OptionalProps]?: 'currentPackage' | 'apiCallsUsed' | 'apiCallsLimit' | 'warningLevel' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  ownerId!: string;

  @Property({ type: 'text' })
  currentPackage: string = DEFAULT_PACKAGE;

  @Property({ type: 'integer' })
  apiCallsUsed = 0;

  /** null: unlimited. */
  @Property({ type: 'integer', nullable: true })
  apiCallsLimit: number | null = DEFAULT_API_CALLS_LIMIT;

  @Property({ type: 'smallint' })
  warningLevel = 0;

  @Property({ type: 'timestamptz', nullable: true })
  lastWarningAt?: Date;

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
