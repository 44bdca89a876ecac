/** POST /api/auth/register and /api/auth/resend-verification. `verificationUrl` only outside production. */
export interface VerificationSentResponse {
  message: string;
  verificationUrl?: string;
}

/** auth.accounts.verify-email answer: whose address is now verified. */
export interface EmailVerifiedResult {
  email: string;
}
