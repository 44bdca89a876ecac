import { createHash } from 'node:crypto';

/** SHA-256 of a random token: what is stored, cached and compared instead of the token itself. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
