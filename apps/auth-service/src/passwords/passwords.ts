import { type Algorithm, hash, verify } from '@node-rs/argon2';
import COMMON_PASSWORDS from './common-passwords.json';

/**
 * argon2id with one of OWASP's equivalent minimum profiles (12 MiB, 3 passes, 1 lane). On this
 * project's 2-core reference machine the Rust binding hashes fast enough to keep sign-in within its p99
 * target at 10 concurrent logins (the bench's 30-login scenario) while every guess still costs an
 * attacker 12 MiB × 3 passes. The timings are in docs/performance.md ("Password hashing and sign-in
 * latency").
 */
/** `Algorithm.Argon2id`: the binding declares a const enum, which isolated modules cannot read. */
const ARGON2ID: Algorithm = 2;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 12_288, timeCost: 3, parallelism: 1 } as const;
const CURRENT_PARAMS = `$argon2id$v=19$m=${HASH_OPTIONS.memoryCost},t=${HASH_OPTIONS.timeCost},p=${HASH_OPTIONS.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True for a hash made with other parameters than today's (older accounts), so login can upgrade it. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith(CURRENT_PARAMS);
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
