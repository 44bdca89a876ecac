import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Language } from '@parley/contracts';

@Entity({ tableName: 'users' })
export class User {
  [OptionalProps]?: 'emailVerified' | 'mustChoosePassword' | 'createdAt' | 'updatedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Trimmed and lower-cased; unique. */
  @Property({ type: 'text', unique: true })
  email!: string;

  @Property({ type: 'text', hidden: true })
  passwordHash!: string;

  @Property({ type: 'boolean' })
  emailVerified = false;

  /**
   * The address was signed up for again before it was verified, so the stored password may be a
   * stranger's: only a link that makes the inbox choose the password can verify it now.
   */
  @Property({ type: 'boolean' })
  mustChoosePassword = false;

  /** Set by the user; until then the part of the email before @ is shown. */
  @Property({ type: 'text', nullable: true })
  name?: string;

  /** The language of the latest sign-up mail the user asked for; mails sent on their own use it (else English). */
  @Property({ type: 'text', nullable: true })
  language?: Language;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();

  @Property({ type: 'timestamptz', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
