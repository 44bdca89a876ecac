import { IsDefined, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { AUTH_MESSAGES } from '../../rules/auth-messages';
import { PASSWORD_MAX_LENGTH } from '../../rules/password-rules';
import { compose } from '../../validation/compose';
import { AccountEmail } from '../../validation/email-fields';

/** POST /api/auth/login. The password is only checked against the stored hash, never against today's rules. */
export class LoginDto {
  @AccountEmail()
  email!: string;

  @compose(
    IsDefined({ message: AUTH_MESSAGES.passwordRequired }),
    IsString({ message: 'Password must be text' }),
    IsNotEmpty({ message: AUTH_MESSAGES.passwordRequired }),
    MaxLength(PASSWORD_MAX_LENGTH, { message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters` }),
  )
  password!: string;
}
