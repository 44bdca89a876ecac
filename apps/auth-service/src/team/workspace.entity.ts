import { Entity, Enum, ManyToOne, OneToOne, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { Role } from '@parley/contracts';
import { User } from '../accounts/user.entity';

/**
 * A business (docs/teams.md). Its id is what every other service's `owner_id` holds; an account made
 * before teams, and every sign-up, owns one whose id is its own user id.
 */
@Entity({ tableName: 'workspaces' })
export class Workspace {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id!: string;

  @Property({ type: 'text' })
  name!: string;

  /** The member whose role is `owner` (kept with the membership by a transfer). */
  @ManyToOne(() => User)
  owner!: User;

  @Property({ type: 'timestamptz' })
  createdAt: Date = new Date();
}

/** An account's place in its one workspace. */
@Entity({ tableName: 'memberships' })
export class Membership {
  [OptionalProps]?: 'joinedAt';

  @OneToOne(() => User, { primary: true, deleteRule: 'cascade' })
  user!: User;

  @ManyToOne(() => Workspace, { deleteRule: 'cascade' })
  workspace!: Workspace;

  @Enum({ items: ['owner', 'admin', 'agent'], type: 'text' })
  role!: Role;

  @Property({ type: 'timestamptz' })
  joinedAt: Date = new Date();
}

/** "{name}'s business": a new workspace's name until the owner names the business. */
export function defaultWorkspaceName(user: Pick<User, 'name' | 'email'>): string {
  return `${user.name ?? user.email.split('@')[0]}'s business`;
}
