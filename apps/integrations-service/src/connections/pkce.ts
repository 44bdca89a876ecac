import { createHash, randomBytes } from 'node:crypto';

/** A PKCE pair (RFC 7636): the verifier kept with the OAuth state, its S256 challenge sent in the dialog's URL. */
export interface Pkce {
  verifier: string;
  challenge: string;
}

/** 32 random bytes as base64url: a 43-character verifier, the shortest RFC 7636 allows. */
export function newPkce(): Pkce {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

/** S256: base64url(SHA-256(verifier)). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}
