import { LANGUAGES, type Language } from '../../enums/languages';
import { OptionalChoice } from '../../validation/choice-fields';
import { AccountEmail } from '../../validation/email-fields';

/** POST /api/auth/resend-verification. `language`: of the verification email (default en). */
export class ResendVerificationDto {
  @AccountEmail()
  email!: string;

  @OptionalChoice('Language', LANGUAGES)
  language?: Language;
}
