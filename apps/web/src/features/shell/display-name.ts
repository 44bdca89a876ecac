import type { CurrentUser } from '../auth/api';

/** The user's name, or the part of the email before '@' when no name is set. */
export function displayName(user: Pick<CurrentUser, 'name' | 'email'>): string {
  return user.name?.trim() || user.email.split('@')[0];
}
