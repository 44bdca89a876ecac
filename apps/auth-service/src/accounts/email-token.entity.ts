import { randomUUID } from 'node:crypto';
import { Entity, Enum, ManyToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from './user.entity';

/**
 * `verify-email` verifies the address; `choose-password` sets the password and verifies the address
 * (mailed when an unverified address is signed up for again); `reset-password` sets a new password.
 */
export type EmailTokenPurpose = 'verify-email' | 'choose-password' | 'reset-password';

/** A one-time link token. Only its SHA-256 is stored; it is single use and expires. */
@Entity({ tableName: 'email_tokens' })
export class EmailToken {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Enum({ items: ['verify-email', 'choose-password', 'reset-password'], type: 'text' })
  purpose!: EmailTokenPurpose;

  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}
