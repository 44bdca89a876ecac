import type { CurrentUserResponse } from '@parley/contracts';

/** The user's name, or the part of the email before '@' when no name is set. */
export function displayName(user: Pick<CurrentUserResponse, 'name' | 'email'>): string {
  return user.name?.trim() || user.email.split('@')[0];
}
