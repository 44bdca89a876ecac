import type { EmailTokenPurpose } from './email-token.entity';

// How long mailed links live, which links a new one voids, and what they look like, decided here in
// TypeScript; accounts.queries.ts stores the tokens as it is told.

const HOUR_MS = 60 * 60 * 1000;

export const TOKEN_LIFETIME_MS: Record<EmailTokenPurpose, number> = {
  'verify-email': 24 * HOUR_MS,
  'choose-password': 24 * HOUR_MS,
  'reset-password': HOUR_MS,
};

/** The two links that activate an account: a new one of either voids every earlier one of both. */
const SIGN_UP_PURPOSES: readonly EmailTokenPurpose[] = ['verify-email', 'choose-password'];

/** The kinds of earlier unused tokens that a new token of `purpose` voids. */
export function voidedBy(purpose: EmailTokenPurpose): EmailTokenPurpose[] {
  return SIGN_UP_PURPOSES.includes(purpose) ? [...SIGN_UP_PURPOSES] : [purpose];
}

/** When a token of `purpose` issued at `now` stops working. */
export function tokenExpiry(purpose: EmailTokenPurpose, now: number): Date {
  return new Date(now + TOKEN_LIFETIME_MS[purpose]);
}

/**
 * The link that activates an account: a plain verification link, or, once the address was signed up
 * for twice (the stored password may be a stranger's), a link that makes the inbox choose the password.
 */
export function signUpPurpose(user: { mustChoosePassword: boolean }): 'choose-password' | 'verify-email' {
  return user.mustChoosePassword ? 'choose-password' : 'verify-email';
}

/** The web app's page that sets a password from a mailed token. */
export function passwordLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password/${token}`;
}

/** The mailed link for a sign-up token of `purpose`. */
export function signUpLink(
  publicUrl: string,
  purpose: 'choose-password' | 'verify-email',
  token: string,
): string {
  return purpose === 'choose-password'
    ? `${passwordLink(publicUrl, token)}?choose=1`
    : `${publicUrl}/api/auth/verify-email?token=${token}`;
}
