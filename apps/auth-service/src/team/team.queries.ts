import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuditRecord, MemberRole, Role } from '@parley/contracts';
import { type AuditChange, appendAudit, auditRecords, type Cursor, sql } from '@parley/server-kit';

export interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  role: Role;
  joined_at: Date;
}

export interface InvitationRow {
  id: string;
  workspace_id: string;
  email: string;
  role: MemberRole;
  invited_by: string;
  invited_by_name: string;
  workspace_name: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

const DISPLAY_NAME = `coalesce(u.name, split_part(u.email, '@', 1))`;
const INVITATION = `select i.id, i.workspace_id, i.email, i.role, i.invited_by, i.created_at, i.expires_at,
    i.accepted_at, i.revoked_at, coalesce(u.name, split_part(u.email, '@', 1)) as invited_by_name,
    w.name as workspace_name
  from invitations i join users u on u.id = i.invited_by join workspaces w on w.id = i.workspace_id`;

/** The database of workspaces, memberships and invitations: the only place that reads or writes them. */
@Injectable()
export class TeamQueries {
  constructor(private readonly em: EntityManager) {}

  /** Runs `work` in one transaction (its EntityManager for every query of this class). */
  transaction<T>(work: (queries: TeamQueries) => Promise<T>): Promise<T> {
    return this.em.transactional((em) => work(new TeamQueries(em as EntityManager)));
  }

  members(workspaceId: string): Promise<MemberRow[]> {
    return sql<MemberRow>(
      this.em,
      `select m.user_id, ${DISPLAY_NAME} as name, u.email, m.role, m.joined_at
         from memberships m join users u on u.id = m.user_id
        where m.workspace_id = ? order by m.joined_at, u.email`,
      [workspaceId],
    );
  }

  /** The member of this workspace, locked for the change about to be made; undefined when not a member. */
  async member(workspaceId: string, userId: string): Promise<MemberRow | undefined> {
    const [row] = await sql<MemberRow>(
      this.em,
      `select m.user_id, ${DISPLAY_NAME} as name, u.email, m.role, m.joined_at
         from memberships m join users u on u.id = m.user_id
        where m.workspace_id = ? and m.user_id = ? for update of m`,
      [workspaceId, userId],
    );
    return row;
  }

  /** The membership of an account anywhere (locked), with whether its workspace has other members. */
  async membershipOf(
    userId: string,
  ): Promise<{ workspace_id: string; role: Role; others: number } | undefined> {
    const [row] = await sql<{ workspace_id: string; role: Role; others: number }>(
      this.em,
      `select m.workspace_id, m.role,
              (select count(*)::int from memberships o where o.workspace_id = m.workspace_id and o.user_id <> m.user_id) as others
         from memberships m where m.user_id = ? for update`,
      [userId],
    );
    return row;
  }

  async memberByEmail(workspaceId: string, email: string): Promise<boolean> {
    const rows = await sql(
      this.em,
      'select 1 from memberships m join users u on u.id = m.user_id where m.workspace_id = ? and u.email = ?',
      [workspaceId, email],
    );
    return rows.length > 0;
  }

  async setRole(workspaceId: string, userId: string, role: Role): Promise<void> {
    await sql(this.em, 'update memberships set role = ? where workspace_id = ? and user_id = ?', [
      role,
      workspaceId,
      userId,
    ]);
  }

  async setOwner(workspaceId: string, userId: string): Promise<void> {
    await sql(this.em, 'update workspaces set owner_id = ? where id = ?', [userId, workspaceId]);
  }

  async removeMembership(userId: string): Promise<void> {
    await sql(this.em, 'delete from memberships where user_id = ?', [userId]);
  }

  /** A workspace with its owner's membership. */
  async createWorkspace(id: string, name: string, ownerId: string): Promise<void> {
    await sql(this.em, 'insert into workspaces (id, name, owner_id) values (?, ?, ?)', [id, name, ownerId]);
    await sql(this.em, `insert into memberships (user_id, workspace_id, role) values (?, ?, 'owner')`, [
      ownerId,
      id,
    ]);
  }

  async join(userId: string, workspaceId: string, role: MemberRole): Promise<void> {
    await sql(this.em, 'insert into memberships (user_id, workspace_id, role) values (?, ?, ?)', [
      userId,
      workspaceId,
      role,
    ]);
  }

  async deleteWorkspace(workspaceId: string): Promise<void> {
    await sql(this.em, 'delete from workspaces where id = ?', [workspaceId]);
  }

  async workspaceExists(id: string): Promise<boolean> {
    return (await sql(this.em, 'select 1 from workspaces where id = ?', [id])).length > 0;
  }

  async workspace(id: string): Promise<{ id: string; name: string } | undefined> {
    const [row] = await sql<{ id: string; name: string }>(this.em, 'select id, name from workspaces where id = ?', [id]);
    return row;
  }

  async userById(
    id: string,
  ): Promise<{ id: string; email: string; name: string; language: string | null } | undefined> {
    const [row] = await sql<{ id: string; email: string; name: string; language: string | null }>(
      this.em,
      `select u.id, u.email, ${DISPLAY_NAME} as name, u.language from users u where u.id = ?`,
      [id],
    );
    return row;
  }

  /** Pending: not accepted, not revoked, not expired; newest first. */
  pendingInvitations(workspaceId: string): Promise<InvitationRow[]> {
    return sql<InvitationRow>(
      this.em,
      `${INVITATION} where i.workspace_id = ? and i.accepted_at is null and i.revoked_at is null
         and i.expires_at > now() order by i.created_at desc`,
      [workspaceId],
    );
  }

  async invitation(workspaceId: string, id: string): Promise<InvitationRow | undefined> {
    const [row] = await sql<InvitationRow>(this.em, `${INVITATION} where i.workspace_id = ? and i.id = ?`, [
      workspaceId,
      id,
    ]);
    return row;
  }

  async invitationByToken(tokenHash: string, lock = false): Promise<InvitationRow | undefined> {
    const [row] = await sql<InvitationRow>(
      this.em,
      `${INVITATION} where i.token_hash = ?${lock ? ' for update of i' : ''}`,
      [tokenHash],
    );
    return row;
  }

  /** Invitations to this address that ran out stop counting as pending (a new one may be made). */
  async retireExpired(workspaceId: string, email: string): Promise<void> {
    await sql(
      this.em,
      `update invitations set revoked_at = now() where workspace_id = ? and email = ?
          and accepted_at is null and revoked_at is null and expires_at <= now()`,
      [workspaceId, email],
    );
  }

  async insertInvitation(invitation: {
    id: string;
    workspaceId: string;
    email: string;
    role: MemberRole;
    invitedBy: string;
    tokenHash: string;
    expiresAt: Date;
  }): Promise<void> {
    await sql(
      this.em,
      `insert into invitations (id, workspace_id, email, role, invited_by, token_hash, expires_at)
       values (?, ?, ?, ?, ?, ?, ?)`,
      [
        invitation.id,
        invitation.workspaceId,
        invitation.email,
        invitation.role,
        invitation.invitedBy,
        invitation.tokenHash,
        invitation.expiresAt,
      ],
    );
  }

  /** A new token and expiry for a pending invitation; false when it is not pending. */
  async renewInvitation(workspaceId: string, id: string, tokenHash: string, expiresAt: Date): Promise<boolean> {
    const rows = await sql(
      this.em,
      `update invitations set token_hash = ?, expires_at = ?, created_at = now()
        where workspace_id = ? and id = ? and accepted_at is null and revoked_at is null returning id`,
      [tokenHash, expiresAt, workspaceId, id],
    );
    return rows.length > 0;
  }

  /** Revokes a pending invitation; its address, or undefined when there was none pending. */
  async revokeInvitation(workspaceId: string, id: string): Promise<string | undefined> {
    const [row] = await sql<{ email: string }>(
      this.em,
      `update invitations set revoked_at = now()
        where workspace_id = ? and id = ? and accepted_at is null and revoked_at is null returning email`,
      [workspaceId, id],
    );
    return row?.email;
  }

  /** Appends an audit entry (docs/teams.md, "Audit log"): call it on the change's transaction (`transaction`). */
  audit(workspaceId: string, actorId: string | null, change: AuditChange): Promise<void> {
    return appendAudit(this.em, workspaceId, actorId, change);
  }

  /** auth-service's own audit entries, as every source answers them. */
  auditRecords(workspaceId: string, limit: number, after?: Cursor): Promise<AuditRecord[]> {
    return auditRecords(this.em, workspaceId, limit, after);
  }

  /** The display names of these accounts (members or not: a removed member's entries keep their name). */
  async userNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await sql<{ id: string; name: string }>(
      this.em,
      `select u.id, ${DISPLAY_NAME} as name from users u where u.id = any(?::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  /** Uses up the invitation in one statement, so of two accepts one wins; false when it was not pending. */
  async markAccepted(id: string): Promise<boolean> {
    const rows = await sql(
      this.em,
      `update invitations set accepted_at = now()
        where id = ? and accepted_at is null and revoked_at is null and expires_at > now() returning id`,
      [id],
    );
    return rows.length > 0;
  }

  /** Whether the name changed. */
  async rename(workspaceId: string, name: string): Promise<boolean> {
    const rows = await sql(
      this.em,
      'update workspaces set name = ? where id = ? and name is distinct from ? returning id',
      [name, workspaceId, name],
    );
    return rows.length > 0;
  }

  async memberIds(workspaceId: string): Promise<string[]> {
    const rows = await sql<{ user_id: string }>(this.em, 'select user_id from memberships where workspace_id = ?', [
      workspaceId,
    ]);
    return rows.map((row) => row.user_id);
  }

  async accountByEmail(email: string): Promise<{ id: string; email_verified: boolean } | undefined> {
    const [row] = await sql<{ id: string; email_verified: boolean }>(
      this.em,
      'select id, email_verified from users where email = ? for update',
      [email],
    );
    return row;
  }

  /** An unverified account finished by an invitation: the mail proved the address. */
  async finishAccount(id: string, name: string, passwordHash: string): Promise<void> {
    await sql(
      this.em,
      `update users set name = ?, password_hash = ?, email_verified = true, must_choose_password = false,
         updated_at = now() where id = ?`,
      [name, passwordHash, id],
    );
  }

  async insertVerifiedUser(id: string, email: string, name: string, passwordHash: string): Promise<void> {
    await sql(
      this.em,
      `insert into users (id, email, password_hash, email_verified, must_choose_password, name, created_at, updated_at)
       values (?, ?, ?, true, false, ?, now(), now())`,
      [id, email, passwordHash, name],
    );
  }
}
