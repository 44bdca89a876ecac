/** POST /api/auth/register and /api/auth/resend-verification. `verificationUrl` only outside production. */
export interface VerificationSentResponse {
  message: string;
  verificationUrl?: string;
}

/** POST /api/auth/forgot-password. `resetToken` only outside production. */
export interface ForgotPasswordResponse {
  message: string;
  resetToken?: string;
}

/** The failed forgot-password answer for an account whose email is not verified yet. */
export interface NeedsVerificationResponse {
  message: string;
  needsVerification: true;
}

/** POST /api/auth/reset-password and other answers that carry only a sentence for the user. */
export interface MessageOnlyResponse {
  message: string;
}
