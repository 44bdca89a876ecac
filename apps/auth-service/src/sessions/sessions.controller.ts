import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import { AUTH_SUBJECTS, type RpcRequest } from '@parley/contracts';
import { parsePayload } from '@parley/server-kit';
import { SessionsService } from './sessions.service';
import { TokenHashesDto } from './token-hashes.dto';
import { TokenDto } from './token.dto';

@Controller()
export class SessionsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly sessions: SessionsService,
  ) {}

  @MessagePattern(AUTH_SUBJECTS.resolveSession)
  @CreateRequestContext()
  resolve(@Payload() req: RpcRequest) {
    return this.sessions.resolve(parsePayload(TokenDto, req.data).token);
  }

  @MessagePattern(AUTH_SUBJECTS.logout)
  @CreateRequestContext()
  async logout(@Payload() req: RpcRequest) {
    await this.sessions.revoke(parsePayload(TokenDto, req.data).token);
    return { message: 'Logged out' };
  }

  @MessagePattern(AUTH_SUBJECTS.checkSessions)
  @CreateRequestContext()
  check(@Payload() req: RpcRequest) {
    return this.sessions.check(parsePayload(TokenHashesDto, req.data).tokenHashes);
  }
}
