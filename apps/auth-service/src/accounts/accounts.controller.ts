import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateRequestContext, MikroORM } from '@mikro-orm/core';
import {
  AUTH_SUBJECTS,
  ForgotPasswordDto,
  LoginDto,
  RegisterDto,
  ResendVerificationDto,
  ResetPasswordDto,
  type RpcRequest,
} from '@parley/contracts';
import { parsePayload, requireActor } from '@parley/server-kit';
import { TokenDto } from '../sessions/token.dto';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsController {
  constructor(
    private readonly orm: MikroORM,
    private readonly accounts: AccountsService,
  ) {}

  @MessagePattern(AUTH_SUBJECTS.register)
  @CreateRequestContext()
  register(@Payload() req: RpcRequest) {
    return this.accounts.register(parsePayload(RegisterDto, req.data));
  }

  @MessagePattern(AUTH_SUBJECTS.verifyEmail)
  @CreateRequestContext()
  verifyEmail(@Payload() req: RpcRequest) {
    return this.accounts.verifyEmail(parsePayload(TokenDto, req.data).token);
  }

  @MessagePattern(AUTH_SUBJECTS.resendVerification)
  @CreateRequestContext()
  resendVerification(@Payload() req: RpcRequest) {
    return this.accounts.resendVerification(parsePayload(ResendVerificationDto, req.data));
  }

  @MessagePattern(AUTH_SUBJECTS.forgotPassword)
  @CreateRequestContext()
  forgotPassword(@Payload() req: RpcRequest) {
    return this.accounts.forgotPassword(parsePayload(ForgotPasswordDto, req.data));
  }

  @MessagePattern(AUTH_SUBJECTS.resetPassword)
  @CreateRequestContext()
  resetPassword(@Payload() req: RpcRequest) {
    return this.accounts.resetPassword(parsePayload(ResetPasswordDto, req.data));
  }

  @MessagePattern(AUTH_SUBJECTS.accountLanguage)
  @CreateRequestContext()
  language(@Payload() req: RpcRequest) {
    return this.accounts.languageOf(requireActor(req).workspaceId);
  }

  @MessagePattern(AUTH_SUBJECTS.login)
  @CreateRequestContext()
  login(@Payload() req: RpcRequest) {
    return this.accounts.login(parsePayload(LoginDto, req.data));
  }
}
