import { LANGUAGES, type Language } from '../../enums/languages';
import { OptionalChoice } from '../../validation/choice-fields';
import { AccountEmail } from '../../validation/email-fields';

/** POST /api/auth/forgot-password. `language`: of the reset email (default en). */
export class ForgotPasswordDto {
  @AccountEmail()
  email!: string;

  @OptionalChoice('Language', LANGUAGES)
  language?: Language;
}
