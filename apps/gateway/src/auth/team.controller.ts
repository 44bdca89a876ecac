import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  AcceptInvitationDto,
  type AcceptInvitationResponse,
  type AcceptInvitationResult,
  type Caller as CallerInfo,
  CreateInvitationDto,
  DomainException,
  ErrorCode,
  type InvitationLookup,
  TEAM_SUBJECTS,
  type TeamInvitation,
  type TeamInvitationsResponse,
  type TeamMember,
  type TeamMembersResponse,
  TransferOwnershipDto,
  UpdateMemberRoleDto,
} from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayConfig } from '../config/gateway.config';
import { Caller } from '../rpc/caller.decorator';
import { readCookie, SESSION_COOKIE, sessionCookie } from './cookies';
import { RateLimit } from './rate-limit.guard';
import { ANY_MEMBER, MANAGERS, OWNER, Public, Roles } from './roles';
import { actorOf, SessionGuard } from './session.guard';
import { SessionResolver } from './session-resolver';

/** /api/team: the workspace's members and invitations (docs/teams.md). */
@Controller('api/team')
@UseGuards(SessionGuard)
export class TeamController {
  constructor(private readonly services: ServiceClient) {}

  @Roles(...ANY_MEMBER)
  @Get('members')
  members(@Caller() caller: CallerInfo): Promise<TeamMembersResponse> {
    return this.services.send(TEAM_SUBJECTS.listMembers, {}, caller);
  }

  @Roles(...MANAGERS)
  @Patch('members/:userId')
  updateMember(
    @Param('userId') userId: string,
    @Body() dto: UpdateMemberRoleDto,
    @Caller() caller: CallerInfo,
  ): Promise<TeamMember> {
    return this.services.send(TEAM_SUBJECTS.updateMemberRole, { userId, role: dto.role }, caller);
  }

  @Roles(...MANAGERS)
  @Delete('members/:userId')
  @HttpCode(204)
  async removeMember(@Param('userId') userId: string, @Caller() caller: CallerInfo): Promise<void> {
    await this.services.send(TEAM_SUBJECTS.removeMember, { userId }, caller);
  }

  @Roles(...OWNER)
  @Post('transfer-ownership')
  @HttpCode(200)
  transferOwnership(@Body() dto: TransferOwnershipDto, @Caller() caller: CallerInfo): Promise<TeamMembersResponse> {
    return this.services.send(TEAM_SUBJECTS.transferOwnership, dto, caller);
  }

  @Roles(...MANAGERS)
  @Get('invitations')
  invitations(@Caller() caller: CallerInfo): Promise<TeamInvitationsResponse> {
    return this.services.send(TEAM_SUBJECTS.listInvitations, {}, caller);
  }

  @Roles(...MANAGERS)
  @Post('invitations')
  @RateLimit('invite', 'mail')
  invite(@Body() dto: CreateInvitationDto, @Caller() caller: CallerInfo): Promise<TeamInvitation> {
    return this.services.send(TEAM_SUBJECTS.createInvitation, dto, caller);
  }

  @Roles(...MANAGERS)
  @Post('invitations/:id/resend')
  @HttpCode(200)
  @RateLimit('invite', 'mail')
  resendInvitation(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<TeamInvitation> {
    return this.services.send(TEAM_SUBJECTS.resendInvitation, { id }, caller);
  }

  @Roles(...MANAGERS)
  @Delete('invitations/:id')
  @HttpCode(204)
  async revokeInvitation(@Param('id') id: string, @Caller() caller: CallerInfo): Promise<void> {
    await this.services.send(TEAM_SUBJECTS.revokeInvitation, { id }, caller);
  }
}

/** /api/invitations/{token}: the invitation link, for anyone holding it, signed in or not. */
@Controller('api/invitations')
export class InvitationsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionResolver,
    private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Get(':token')
  @RateLimit('invitation', 'ip')
  lookup(@Param('token') token: string, @Caller() caller: CallerInfo): Promise<InvitationLookup> {
    return this.services.send(TEAM_SUBJECTS.lookupInvitation, { token }, caller);
  }

  /**
   * Signed in (a live session cookie): that account joins, whatever the body says. Signed out: `name` and
   * `password` make the invited account, and the answer signs it in (the session cookie).
   */
  @Public()
  @Post(':token/accept')
  @HttpCode(200)
  @RateLimit('accept-invitation', 'ip')
  async accept(
    @Param('token') token: string,
    @Body() dto: AcceptInvitationDto,
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller: CallerInfo,
  ): Promise<AcceptInvitationResponse> {
    const user = await this.sessions.currentUser(readCookie(req.headers.cookie, SESSION_COOKIE), req.id);
    const { session, ...joined } = await this.services.send<AcceptInvitationResult>(
      TEAM_SUBJECTS.acceptInvitation,
      { token, name: user ? undefined : dto.name, password: user ? undefined : dto.password },
      { ...caller, actor: user ? actorOf(user) : undefined },
    );
    if (session) {
      void reply.header(
        'set-cookie',
        sessionCookie(session.token, new Date(session.expiresAt), this.config.NODE_ENV === 'production'),
      );
    } else if (!user) {
      throw new DomainException(ErrorCode.Internal, 'The account joined but could not be signed in.');
    }
    return joined;
  }
}
