import { randomBytes, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  type AcceptInvitationDto,
  type AcceptInvitationResult,
  type Actor,
  type AuditSubject,
  type CreateInvitationDto,
  DomainException,
  EMAIL_SUBJECTS,
  ErrorCode,
  INTEGRATIONS_SUBJECTS,
  type InvitationLookup,
  type Language,
  LANGUAGES,
  MESSAGING_SUBJECTS,
  PRODUCTS_SUBJECTS,
  type Role,
  type SocialIntegrationResponse,
  type TeamInvitation,
  type TeamInvitationsResponse,
  type TeamMember,
  type TeamMembersResponse,
  workspaceActor,
} from '@parley/contracts';
import { hashToken, ServiceClient, UUID } from '@parley/server-kit';
import { AuthConfig } from '../config/auth.config';
import { Mailer } from '../mail/mailer';
import { hashPassword, isCommonPassword } from '../passwords/passwords';
import { SessionsService } from '../sessions/sessions.service';
import { renderInvitationMail } from './invitation-mail';
import { type InvitationRow, type MemberRow, TeamQueries } from './team.queries';

/** An invitation's link works this long (docs/teams.md). */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const TEAM_MESSAGES = {
  notMember: 'No such member in this workspace.',
  ownerRole: "The owner's role changes only by transferring ownership.",
  ownerRemoved: 'The owner cannot be removed. Transfer ownership first.',
  transferToAdmin: 'Ownership can be transferred only to an admin of this workspace.',
  onlyOwner: 'Only the owner can do this.',
  managersOnly: 'Only the owner or an admin can do this.',
  alreadyMember: 'This person is already a member of this workspace.',
  pending: 'An invitation to this address is already pending. Resend it instead.',
  noInvitation: 'No such invitation.',
  expired: 'This invitation has expired. Ask for a new one.',
  invalid: 'This invitation is no longer valid.',
  accountExists: 'An account with this email already exists. Please log in, then open the invitation again.',
  nameRequired: 'Name is required',
  passwordRequired: 'Password is required',
  commonPassword: 'This password is too common. Please choose a less predictable one.',
  ownsData:
    'Your account owns a workspace with data or other members. Its owner can transfer it first, or sign up with another email to join.',
  mailFailed: 'We could not send the email right now. Please try again in a moment.',
} as const;

/** How long a removal waits for messaging-service to unassign the member's conversations. */
const UNASSIGN_MS = 3_000;

/** Members, roles, ownership and invitations of a workspace (docs/teams.md). */
@Injectable()
export class TeamService {
  private readonly logger = new Logger(TeamService.name);

  constructor(
    private readonly queries: TeamQueries,
    private readonly sessions: SessionsService,
    private readonly mailer: Mailer,
    private readonly config: AuthConfig,
    private readonly services: ServiceClient,
  ) {}

  async members(actor: Actor): Promise<TeamMembersResponse> {
    const rows = await this.queries.members(actor.workspaceId);
    return { items: rows.map(toMember) };
  }

  /** The display name of the actor's person (a reply's author); the workspace's name for its own work. */
  async nameOf(actor: Actor): Promise<{ name: string }> {
    const user = UUID.test(actor.userId) ? await this.queries.userById(actor.userId) : undefined;
    if (user) return { name: user.name };
    const workspace = UUID.test(actor.workspaceId) ? await this.queries.workspace(actor.workspaceId) : undefined;
    if (!workspace) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.notMember);
    return { name: workspace.name };
  }

  /** Names the workspace after its business; its members' cached sessions (which carry the name) are refreshed. */
  async rename(actor: Actor, name: string): Promise<{ renamed: boolean }> {
    requireManager(actor);
    const renamed = await this.queries.rename(actor.workspaceId, name);
    if (renamed) await this.sessions.refresh(await this.queries.memberIds(actor.workspaceId), false);
    return { renamed };
  }

  async changeRole(actor: Actor, userId: string, role: Role): Promise<TeamMember> {
    requireManager(actor);
    if (!isUuid(userId)) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.notMember);
    const member = await this.queries.transaction(async (q) => {
      const target = await q.member(actor.workspaceId, userId);
      if (!target) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.notMember);
      if (target.role === 'owner') throw new DomainException(ErrorCode.Forbidden, TEAM_MESSAGES.ownerRole);
      await q.setRole(actor.workspaceId, userId, role);
      if (target.role !== role) {
        await q.audit(actor.workspaceId, actor.userId, {
          action: 'member.role_changed',
          subject: memberSubject(target),
          before: { role: target.role },
          after: { role },
        });
      }
      return { ...target, role };
    });
    await this.sessions.refresh([userId], false);
    return toMember(member);
  }

  /**
   * The member leaves the workspace: their account gets a new empty workspace of its own (every account has
   * one), and every session of it ends at once (the event closes their /ws sockets too).
   */
  async remove(actor: Actor, userId: string): Promise<void> {
    requireManager(actor);
    if (!isUuid(userId)) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.notMember);
    await this.queries.transaction(async (q) => {
      const target = await q.member(actor.workspaceId, userId);
      if (!target) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.notMember);
      if (target.role === 'owner') throw new DomainException(ErrorCode.Forbidden, TEAM_MESSAGES.ownerRemoved);
      await q.removeMembership(userId);
      await q.createWorkspace(randomUUID(), `${target.name}'s business`, userId);
      await q.audit(actor.workspaceId, actor.userId, {
        action: 'member.removed',
        subject: memberSubject(target),
        before: { role: target.role },
      });
    });
    await this.sessions.revokeAll(userId);
    await this.unassign(actor.workspaceId, userId);
  }

  /**
   * A member who left is nobody's assignee any more: their conversations in the workspace become unassigned, so
   * that new messages there notify everyone (docs/teams.md, "Assignment"). The removal stands when
   * messaging-service does not answer: the conversations then stay assigned until a member reassigns them.
   */
  private async unassign(workspaceId: string, userId: string): Promise<void> {
    const caller = { actor: workspaceActor(workspaceId) };
    try {
      await this.services.send(MESSAGING_SUBJECTS.unassignMember, { userId }, caller, UNASSIGN_MS);
    } catch (error) {
      this.logger.warn(`could not unassign the conversations of a removed member: ${String(error)}`);
    }
  }

  async transferOwnership(actor: Actor, userId: string): Promise<TeamMembersResponse> {
    if (actor.role !== 'owner') throw new DomainException(ErrorCode.Forbidden, TEAM_MESSAGES.onlyOwner);
    await this.queries.transaction(async (q) => {
      const target = await q.member(actor.workspaceId, userId);
      if (!target) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.notMember);
      const self = await q.member(actor.workspaceId, actor.userId);
      if (self?.role !== 'owner') throw new DomainException(ErrorCode.Forbidden, TEAM_MESSAGES.onlyOwner);
      if (target.role !== 'admin') {
        throw new DomainException(ErrorCode.Conflict, TEAM_MESSAGES.transferToAdmin, { field: 'userId' });
      }
      await q.setRole(actor.workspaceId, actor.userId, 'admin');
      await q.setRole(actor.workspaceId, userId, 'owner');
      await q.setOwner(actor.workspaceId, userId);
      await q.audit(actor.workspaceId, actor.userId, {
        action: 'ownership.transferred',
        subject: memberSubject(target),
        before: { role: target.role },
        after: { role: 'owner' },
      });
    });
    await this.sessions.refresh([actor.userId, userId], false);
    return this.members(actor);
  }

  async invitations(actor: Actor): Promise<TeamInvitationsResponse> {
    requireManager(actor);
    const rows = await this.queries.pendingInvitations(actor.workspaceId);
    return { items: rows.map((row) => toInvitation(row)) };
  }

  async invite(actor: Actor, { email, role }: CreateInvitationDto): Promise<TeamInvitation> {
    requireManager(actor);
    const token = newToken();
    const id = randomUUID();
    await this.queries.transaction(async (q) => {
      if (await q.memberByEmail(actor.workspaceId, email)) {
        throw new DomainException(ErrorCode.Conflict, TEAM_MESSAGES.alreadyMember, { field: 'email' });
      }
      await q.retireExpired(actor.workspaceId, email);
      try {
        await q.insertInvitation({
          id,
          workspaceId: actor.workspaceId,
          email,
          role,
          invitedBy: actor.userId,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw new DomainException(ErrorCode.Conflict, TEAM_MESSAGES.pending, { field: 'email' });
        }
        throw error;
      }
      await q.audit(actor.workspaceId, actor.userId, {
        action: 'member.invited',
        subject: { type: 'invitation', id, label: email },
        after: { email, role },
      });
    });
    return this.mailInvitation(actor, id, token);
  }

  /** A new token and a new 7-day expiry, mailed again: the old link stops working. */
  async resend(actor: Actor, id: string): Promise<TeamInvitation> {
    requireManager(actor);
    const token = newToken();
    const renewed = isUuid(id)
      ? await this.queries.renewInvitation(
          actor.workspaceId,
          id,
          hashToken(token),
          new Date(Date.now() + INVITATION_DAYS * DAY_MS),
        )
      : false;
    if (!renewed) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.noInvitation);
    return this.mailInvitation(actor, id, token);
  }

  async revoke(actor: Actor, id: string): Promise<void> {
    requireManager(actor);
    if (!isUuid(id)) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.noInvitation);
    await this.queries.transaction(async (q) => {
      const email = await q.revokeInvitation(actor.workspaceId, id);
      if (email === undefined) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.noInvitation);
      await q.audit(actor.workspaceId, actor.userId, {
        action: 'member.invitation_revoked',
        subject: { type: 'invitation', id, label: email },
        before: { email },
      });
    });
  }

  async lookup(token: string): Promise<InvitationLookup> {
    const row = usable(await this.queries.invitationByToken(hashToken(token)));
    return {
      workspaceName: row.workspace_name,
      invitedByName: row.invited_by_name,
      email: row.email,
      role: row.role,
      expiresAt: new Date(row.expires_at).toISOString(),
    };
  }

  /**
   * Joins the invited account to the workspace. Signed in (`actor`): the account's email must be the
   * invited one. Signed out: `name` and `password` make the account (verified: the mail proved the
   * address), or finish an unverified one. The invitation row is locked while accepting, so of two
   * accepts one wins and the other finds it used. An account that owns a workspace joins only if that
   * workspace has no other member and holds no data (it is then closed); a member of another workspace
   * moves. Nothing is ever deleted but an empty workspace.
   */
  async accept(token: string, body: AcceptInvitationDto, actor: Actor | undefined): Promise<AcceptInvitationResult> {
    const passwordHash = actor ? undefined : await this.checkNewPassword(body);
    const joined = await this.queries.transaction(async (q) => {
      const invitation = usable(await q.invitationByToken(hashToken(token), true));
      let userId: string;
      if (actor) {
        const user = await q.userById(actor.userId);
        if (!user || user.email !== invitation.email) {
          throw new DomainException(
            ErrorCode.Forbidden,
            `This invitation is for ${invitation.email}. Log in with that account to accept it.`,
          );
        }
        userId = user.id;
      } else {
        userId = await this.accountFor(q, invitation.email, (body.name ?? '').trim(), passwordHash as string);
      }
      await this.leaveCurrentWorkspace(q, userId, invitation.workspace_id);
      if (!(await q.markAccepted(invitation.id))) {
        throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.invalid);
      }
      await q.join(userId, invitation.workspace_id, invitation.role);
      const user = await q.userById(userId);
      await q.audit(invitation.workspace_id, userId, {
        action: 'member.joined',
        subject: { type: 'member', id: userId, label: user?.name ?? invitation.email },
        after: { email: invitation.email, role: invitation.role },
      });
      return {
        user: { id: userId, email: invitation.email, name: user?.name ?? invitation.email.split('@')[0] },
        workspace: { id: invitation.workspace_id, name: invitation.workspace_name },
        role: invitation.role,
      };
    });
    if (actor) {
      await this.sessions.refresh([joined.user.id], true);
      return joined;
    }
    const session = await this.sessions.create(joined.user.id);
    return { ...joined, session: { token: session.token, expiresAt: session.expiresAt } };
  }

  private async checkNewPassword(body: AcceptInvitationDto): Promise<string> {
    if (!body.name?.trim()) {
      throw new DomainException(ErrorCode.ValidationFailed, TEAM_MESSAGES.nameRequired, { field: 'name' });
    }
    if (!body.password) {
      throw new DomainException(ErrorCode.ValidationFailed, TEAM_MESSAGES.passwordRequired, {
        field: 'password',
      });
    }
    if (isCommonPassword(body.password)) {
      throw new DomainException(ErrorCode.ValidationFailed, TEAM_MESSAGES.commonPassword, {
        field: 'password',
      });
    }
    return hashPassword(body.password);
  }

  /** The account for a signed-out accept: a new verified one, or an unverified one finished. */
  private async accountFor(q: TeamQueries, email: string, name: string, passwordHash: string): Promise<string> {
    const existing = await q.accountByEmail(email);
    if (existing?.email_verified) {
      throw new DomainException(ErrorCode.Conflict, TEAM_MESSAGES.accountExists, { field: 'email' });
    }
    if (existing) {
      await q.finishAccount(existing.id, name, passwordHash);
      return existing.id;
    }
    const id = randomUUID();
    try {
      await q.insertVerifiedUser(id, email, name, passwordHash);
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainException(ErrorCode.Conflict, TEAM_MESSAGES.accountExists, { field: 'email' });
      }
      throw error;
    }
    return id;
  }

  private async leaveCurrentWorkspace(q: TeamQueries, userId: string, joining: string): Promise<void> {
    const current = await q.membershipOf(userId);
    if (!current) return;
    if (current.workspace_id === joining) {
      throw new DomainException(ErrorCode.Conflict, TEAM_MESSAGES.alreadyMember, { field: 'email' });
    }
    if (current.role === 'owner') {
      if (current.others > 0 || (await this.holdsData(current.workspace_id))) {
        throw new DomainException(ErrorCode.Conflict, TEAM_MESSAGES.ownsData, { field: 'account' });
      }
      await q.removeMembership(userId);
      await q.deleteWorkspace(current.workspace_id);
      return;
    }
    await q.removeMembership(userId);
  }

  /**
   * Whether the workspace holds anything a person made or received: customers (and so messages), products,
   * knowledge, a connected channel, email subscribers or templates. Asked of the services that hold them; one
   * that does not answer refuses the accept (503), so nothing is lost unseen.
   */
  private async holdsData(workspaceId: string): Promise<boolean> {
    const caller = { actor: workspaceActor(workspaceId) };
    // Lists answer their page's items as a JSON array (a RawReply); the integrations list as plain JSON.
    const pages = [
      MESSAGING_SUBJECTS.listCustomers,
      PRODUCTS_SUBJECTS.list,
      MESSAGING_SUBJECTS.listKnowledge,
      EMAIL_SUBJECTS.subscribers.list,
      EMAIL_SUBJECTS.templates.list,
    ].map(async (subject) => {
      const answer = await this.services.sendRaw(subject, {}, caller);
      return JSON.parse(Buffer.from(answer.body).toString('utf8')) as unknown;
    });
    const channels = this.services
      .send<SocialIntegrationResponse[]>(INTEGRATIONS_SUBJECTS.listIntegrations, {}, caller)
      .then((integrations) => integrations.filter((integration) => integration.isActive));
    const lists = await Promise.all([...pages, channels]);
    return lists.some((items) => Array.isArray(items) && items.length > 0);
  }

  private async mailInvitation(actor: Actor, id: string, token: string): Promise<TeamInvitation> {
    const row = await this.queries.invitation(actor.workspaceId, id);
    if (!row) throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.noInvitation);
    const inviter = await this.queries.userById(actor.userId);
    const language = LANGUAGES.includes(inviter?.language as Language) ? (inviter?.language as Language) : 'en';
    const link = `${this.config.PUBLIC_URL}/invitations/${token}`;
    try {
      await this.mailer.send(
        row.email,
        renderInvitationMail(
          language,
          { inviterName: row.invited_by_name, workspaceName: row.workspace_name, role: row.role },
          link,
        ),
      );
    } catch (error) {
      this.logger.error(`invitation mail to ${row.email} failed: ${String(error)}`);
      throw new DomainException(ErrorCode.ServiceUnavailable, TEAM_MESSAGES.mailFailed);
    }
    return { ...toInvitation(row), ...(this.mailer.usesOutbox ? { invitationUrl: link } : {}) };
  }
}

/** A member as the audit log names them: by id, with their name at the time. */
function memberSubject(member: MemberRow): AuditSubject {
  return { type: 'member', id: member.user_id, label: member.name };
}

export function requireManager(actor: Actor): void {
  if (actor.role !== 'owner' && actor.role !== 'admin') {
    throw new DomainException(ErrorCode.Forbidden, TEAM_MESSAGES.managersOnly);
  }
}

/** The invitation if it can still be accepted; else 404 saying whether it expired or is no longer valid. */
function usable(row: InvitationRow | undefined): InvitationRow {
  if (!row || row.accepted_at || row.revoked_at) {
    throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.invalid);
  }
  if (new Date(row.expires_at).getTime() <= Date.now()) {
    throw new DomainException(ErrorCode.NotFound, TEAM_MESSAGES.expired);
  }
  return row;
}

function toMember(row: MemberRow): TeamMember {
  return {
    userId: row.user_id,
    name: row.name,
    email: row.email,
    role: row.role,
    joinedAt: new Date(row.joined_at).toISOString(),
  };
}

function toInvitation(row: InvitationRow): TeamInvitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: { userId: row.invited_by, name: row.invited_by_name },
    createdAt: new Date(row.created_at).toISOString(),
    expiresAt: new Date(row.expires_at).toISOString(),
  };
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === '23505';
}

function isUuid(value: string): boolean {
  return UUID.test(value);
}
