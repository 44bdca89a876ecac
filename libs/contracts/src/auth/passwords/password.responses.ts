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
