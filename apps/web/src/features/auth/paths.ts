/** The verify-email notice for `email` (spec 000 §2); `verificationUrl` only when the server gave one. */
export function verifyEmailPath(email: string, verificationUrl?: string): string {
  const query = new URLSearchParams({ email });
  if (verificationUrl) query.set('verificationUrl', verificationUrl);
  return `/verify-email?${query.toString()}`;
}

/**
 * `value` as an absolute address when it points at this site, else null. The development-mode
 * verification link comes from the address bar, so a link elsewhere (phishing) is never offered.
 */
export function sameOriginUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, window.location.origin);
    return url.origin === window.location.origin ? url.href : null;
  } catch {
    return null;
  }
}

/** `path` when it is a path of this app ('/team'), else '/': never another site (`//evil.example`). */
export function appPath(path: string | null | undefined): string {
  return path && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') ? path : '/';
}
