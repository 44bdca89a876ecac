import { Body, Controller, Get, HttpCode, Logger, Post, Query, Req, Res } from '@nestjs/common';
import {
  AUTH_SUBJECTS,
  type Caller as CallerInfo,
  DomainException,
  type EmailVerifiedResult,
  ErrorCode,
  ForgotPasswordDto,
  type ForgotPasswordResponse,
  type LoginResult,
  LoginDto,
  type MessageOnlyResponse,
  RegisterDto,
  ResendVerificationDto,
  ResetPasswordDto,
  type VerificationSentResponse,
} from '@parley/contracts';
import { hashToken, ServiceClient } from '@parley/server-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GatewayConfig } from '../config/gateway.config';
import { Caller } from '../rpc/caller.decorator';
import { clearedSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from './cookies';
import { RateLimit } from './rate-limit.guard';
import { SessionResolver } from './session-resolver';
import { Public } from './roles';

/** /api/auth: limits, validates, forwards to auth-service; owns only the cookie. */
@Controller('api/auth')
export class AuthController {
  private readonly logger = new Logger(AuthController.name);

  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionResolver,
    private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Post('register')
  @RateLimit('register', 'mail')
  register(@Body() dto: RegisterDto, @Caller() caller: CallerInfo): Promise<VerificationSentResponse> {
    return this.services.send(AUTH_SUBJECTS.register, dto, caller);
  }

  @Public()
  @Post('login')
  @HttpCode(200)
  @RateLimit('login', 'login')
  async login(
    @Body() dto: LoginDto,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller: CallerInfo,
  ): Promise<MessageOnlyResponse> {
    const session = await this.services.send<LoginResult>(AUTH_SUBJECTS.login, dto, caller);
    void reply.header('set-cookie', sessionCookie(session.token, new Date(session.expiresAt), this.secure));
    return { message: 'Logged in successfully' };
  }

  /** Always succeeds for the browser: the cookie is cleared even if the session was already gone. */
  @Public()
  @Post('logout')
  @HttpCode(200)
  async logout(
    @Req() req: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Caller() caller: CallerInfo,
  ): Promise<MessageOnlyResponse> {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token) {
      await this.sessions.forget([hashToken(token)]);
      await this.services.send(AUTH_SUBJECTS.logout, { token }, caller).catch((error: unknown) => {
        this.logger.warn(`logout could not reach auth-service: ${String(error)}`);
      });
    }
    void reply.header('set-cookie', clearedSessionCookie(this.secure));
    return { message: 'Logged out successfully' };
  }

  /** The emailed link: verifies, then sends the browser to the matching screen. */
  @Public()
  @Get('verify-email')
  async verifyEmail(
    @Query('token') token: unknown,
    @Res() reply: FastifyReply,
    @Caller() caller: CallerInfo,
  ): Promise<void> {
    try {
      const { email } = await this.services.send<EmailVerifiedResult>(
        AUTH_SUBJECTS.verifyEmail,
        { token },
        caller,
      );
      await reply.redirect(`/verification-success?email=${encodeURIComponent(email)}`, 302);
    } catch (error) {
      if (
        error instanceof DomainException &&
        (error.code === ErrorCode.NotFound || error.code === ErrorCode.ValidationFailed)
      ) {
        await reply.redirect('/verify-email?error=invalid-link', 302);
        return;
      }
      throw error;
    }
  }

  @Public()
  @Post('resend-verification')
  @HttpCode(200)
  @RateLimit('resend-verification', 'mail')
  resendVerification(
    @Body() dto: ResendVerificationDto,
    @Caller() caller: CallerInfo,
  ): Promise<VerificationSentResponse> {
    return this.services.send(AUTH_SUBJECTS.resendVerification, dto, caller);
  }

  @Public()
  @Post('forgot-password')
  @HttpCode(200)
  @RateLimit('forgot-password', 'mail')
  forgotPassword(
    @Body() dto: ForgotPasswordDto,
    @Caller() caller: CallerInfo,
  ): Promise<ForgotPasswordResponse> {
    return this.services.send(AUTH_SUBJECTS.forgotPassword, dto, caller);
  }

  @Public()
  @Post('reset-password')
  @HttpCode(200)
  @RateLimit('reset-password', 'ip')
  resetPassword(@Body() dto: ResetPasswordDto, @Caller() caller: CallerInfo): Promise<MessageOnlyResponse> {
    return this.services.send(AUTH_SUBJECTS.resetPassword, dto, caller);
  }

  private get secure(): boolean {
    return this.config.NODE_ENV === 'production';
  }
}
