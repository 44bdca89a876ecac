import { BullModule } from '@nestjs/bull';
import { type DynamicModule, Module } from '@nestjs/common';
import { ServiceKitModule } from '@parley/server-kit';
import { AuditController } from './audit/audit.controller';
import { AuditService } from './audit/audit.service';
import { AccountsController } from './accounts/accounts.controller';
import { AccountsQueries } from './accounts/accounts.queries';
import { AccountsService } from './accounts/accounts.service';
import { EmailToken } from './accounts/email-token.entity';
import { RESET_MAIL_QUEUE, ResetMailQueue } from './accounts/reset-mail/reset-mail-queue';
import { ResetMailProcessor } from './accounts/reset-mail/reset-mail.processor';
import { User } from './accounts/user.entity';
import { ChannelHealthMailsController } from './channel-health-mails/channel-health-mails.controller';
import { ChannelHealthMailsService } from './channel-health-mails/channel-health-mails.service';
import { AuthConfig } from './config/auth.config';
import { Mailer } from './mail/mailer';
import { OwnerMailer } from './mail/owner-mailer';
import { migrations } from './migrations';
import { Session } from './sessions/session.entity';
import { SessionsController } from './sessions/sessions.controller';
import { SessionsQueries } from './sessions/sessions.queries';
import { SessionsService } from './sessions/sessions.service';
import { TeamController } from './team/team.controller';
import { TeamQueries } from './team/team.queries';
import { TeamService } from './team/team.service';
import { Membership, Workspace } from './team/workspace.entity';
import { UsageWarningsController } from './usage-warnings/usage-warnings.controller';
import { UsageWarningsService } from './usage-warnings/usage-warnings.service';

@Module({})
export class AuthServiceModule {}

export function authServiceModule(config: AuthConfig): DynamicModule {
  return {
    module: AuthServiceModule,
    imports: [
      ServiceKitModule.forRoot({
        service: 'auth-service',
        config,
        orm: { entities: [User, EmailToken, Session, Workspace, Membership], migrations },
      }),
      BullModule.registerQueue({ name: RESET_MAIL_QUEUE }),
    ],
    controllers: [
      AccountsController,
      SessionsController,
      UsageWarningsController,
      ChannelHealthMailsController,
      TeamController,
      AuditController,
    ],
    providers: [
      AccountsQueries,
      AccountsService,
      SessionsQueries,
      SessionsService,
      Mailer,
      ResetMailQueue,
      ResetMailProcessor,
      OwnerMailer,
      UsageWarningsService,
      ChannelHealthMailsService,
      TeamQueries,
      AuditService,
      TeamService,
    ],
  };
}
