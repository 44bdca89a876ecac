import { LANGUAGES, type Language } from '../../enums/languages';
import { OptionalChoice } from '../../validation/choice-fields';
import { AccountEmail } from '../../validation/email-fields';
import { IsParleyPassword } from '../../validation/is-parley-password';

/** POST /api/auth/register. `language`: of the verification email (default en). */
export class RegisterDto {
  @AccountEmail()
  email!: string;

  @IsParleyPassword()
  password!: string;

  @OptionalChoice('Language', LANGUAGES)
  language?: Language;
}
