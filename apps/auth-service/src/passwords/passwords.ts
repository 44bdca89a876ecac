import * as argon2 from 'argon2';
import COMMON_PASSWORDS from './common-passwords.json';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane): ~20 ms per hash on one core,
 * which keeps sign-in fast under load while making offline guessing expensive.
 */
const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Spent on unknown emails so that a miss takes as long as a wrong password. */
const DUMMY_HASH = hashPassword('not-a-real-password-Zq7!');

export async function burnPasswordCheck(password: string): Promise<void> {
  await verifyPassword(await DUMMY_HASH, password);
}

const common = new Set<string>(COMMON_PASSWORDS);

/**
 * True for the 10 000 most common passwords (list from @zxcvbn-ts/language-common, MIT), ignoring case
 * and the digits and symbols people tack on to meet composition rules ("Password1!" → "password1", "password").
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const candidates = [lower, lower.replace(/[^a-z0-9]+$/, ''), lower.replace(/[^a-z]+$/, '')];
  return candidates.some((candidate) => candidate.length > 0 && common.has(candidate));
}
