import type { ResolvedSession } from '@parley/contracts';
import type { User } from '../accounts/user.entity';

/** The signed-in user as the gateway sees them: until they set a name, the part of the email before @. */
export function toSessionUser(
  user: Pick<User, 'id' | 'email' | 'name' | 'emailVerified' | 'createdAt'>,
): ResolvedSession['user'] {
  return {
    id: user.id,
    email: user.email,
    name: user.name ?? user.email.split('@')[0],
    emailVerified: user.emailVerified,
    createdAt: user.createdAt.toISOString(),
  };
}
