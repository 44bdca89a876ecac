import { FIELD_LIMITS } from '../../validation/field-limits';
import { IsParleyPassword } from '../../validation/is-parley-password';
import { RequiredText } from '../../validation/text-fields';

/** POST /api/auth/reset-password: the token from the emailed link and the new password. */
export class ResetPasswordDto {
  @RequiredText('Reset token', { max: FIELD_LIMITS.token })
  token!: string;

  @IsParleyPassword()
  password!: string;
}
