import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  AcceptInvitationDto,
  CreateInvitationDto,
  type RpcRequest,
  TEAM_SUBJECTS,
  TransferOwnershipDto,
  UpdateMemberRoleDto,
} from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { TokenDto } from '../sessions/token.dto';
import { WorkspaceNameDto } from './workspace-name.dto';
import { TeamService } from './team.service';

/** The routes of docs/teams.md; the gateway checked the role, the service checks it again. */
@Controller()
export class TeamController {
  constructor(
    private readonly orm: MikroORM,
    private readonly team: TeamService,
  ) {}

  @MessagePattern(TEAM_SUBJECTS.listMembers)
  @CreateRequestContext()
  members(@Payload() req: RpcRequest) {
    return this.team.members(requireActor(req));
  }

  @MessagePattern(TEAM_SUBJECTS.updateMemberRole)
  @CreateRequestContext()
  updateRole(@Payload() req: RpcRequest<{ userId?: unknown }>) {
    const actor = requireActor(req);
    const { role } = parsePayload(UpdateMemberRoleDto, { role: (req.data as { role?: unknown })?.role });
    return this.team.changeRole(actor, String(req.data?.userId ?? ''), role);
  }

  @MessagePattern(TEAM_SUBJECTS.removeMember)
  @CreateRequestContext()
  remove(@Payload() req: RpcRequest<{ userId?: unknown }>) {
    return this.team.remove(requireActor(req), String(req.data?.userId ?? ''));
  }

  @MessagePattern(TEAM_SUBJECTS.transferOwnership)
  @CreateRequestContext()
  transfer(@Payload() req: RpcRequest) {
    return this.team.transferOwnership(requireActor(req), parsePayload(TransferOwnershipDto, req.data).userId);
  }

  @MessagePattern(TEAM_SUBJECTS.listInvitations)
  @CreateRequestContext()
  invitations(@Payload() req: RpcRequest) {
    return this.team.invitations(requireActor(req));
  }

  @MessagePattern(TEAM_SUBJECTS.createInvitation)
  @CreateRequestContext()
  invite(@Payload() req: RpcRequest) {
    return this.team.invite(requireActor(req), parsePayload(CreateInvitationDto, req.data));
  }

  @MessagePattern(TEAM_SUBJECTS.resendInvitation)
  @CreateRequestContext()
  resend(@Payload() req: RpcRequest<{ id?: unknown }>) {
    return this.team.resend(requireActor(req), String(req.data?.id ?? ''));
  }

  @MessagePattern(TEAM_SUBJECTS.revokeInvitation)
  @CreateRequestContext()
  async revoke(@Payload() req: RpcRequest<{ id?: unknown }>) {
    await this.team.revoke(requireActor(req), String(req.data?.id ?? ''));
    return {};
  }

  @MessagePattern(TEAM_SUBJECTS.memberName)
  @CreateRequestContext()
  memberName(@Payload() req: RpcRequest) {
    return this.team.nameOf(requireActor(req));
  }

  @MessagePattern(TEAM_SUBJECTS.renameWorkspace)
  @CreateRequestContext()
  rename(@Payload() req: RpcRequest) {
    return this.team.rename(requireActor(req), parsePayload(WorkspaceNameDto, req.data).name);
  }

  @MessagePattern(TEAM_SUBJECTS.lookupInvitation)
  @CreateRequestContext()
  lookup(@Payload() req: RpcRequest) {
    return this.team.lookup(parsePayload(TokenDto, req.data).token);
  }

  @MessagePattern(TEAM_SUBJECTS.acceptInvitation)
  @CreateRequestContext()
  accept(@Payload() req: RpcRequest<{ token?: unknown; name?: unknown; password?: unknown }>) {
    const { token } = parsePayload(TokenDto, { token: req.data?.token });
    const body = parsePayload(AcceptInvitationDto, { name: req.data?.name, password: req.data?.password });
    return this.team.accept(token, body, req.actor ? requireActor(req) : undefined);
  }
}
