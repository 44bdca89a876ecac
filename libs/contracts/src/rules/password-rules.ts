export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** No single character may appear more often than this anywhere in the password. */
export const PASSWORD_MAX_CHARACTER_REPEATS = 2;

export type PasswordRuleId =
  'minLength' | 'uppercase' | 'lowercase' | 'number' | 'special' | 'repeats' | 'maxLength';

export interface PasswordRule {
  readonly id: PasswordRuleId;
  readonly message: string;
  test(password: string): boolean;
}

/** Lengths and counts are in Unicode code points, so an emoji is one character. */
const characters = (password: string): string[] => Array.from(password);

function repeatsAtMostAllowed(password: string): boolean {
  const counts = new Map<string, number>();
  for (const character of characters(password)) {
    const count = (counts.get(character) ?? 0) + 1;
    if (count > PASSWORD_MAX_CHARACTER_REPEATS) return false;
    counts.set(character, count);
  }
  return true;
}

/** The six rules of the live checklist on the register and reset forms, in display order. */
export const PASSWORD_CHECKLIST_RULES: readonly PasswordRule[] = [
  {
    id: 'minLength',
    message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
    test: (password) => characters(password).length >= PASSWORD_MIN_LENGTH,
  },
  {
    id: 'uppercase',
    message: 'Password must contain at least one uppercase letter',
    test: (password) => /\p{Lu}/u.test(password),
  },
  {
    id: 'lowercase',
    message: 'Password must contain at least one lowercase letter',
    test: (password) => /\p{Ll}/u.test(password),
  },
  {
    id: 'number',
    message: 'Password must contain at least one number',
    test: (password) => /\p{Nd}/u.test(password),
  },
  {
    id: 'special',
    message: 'Password must contain at least one special character',
    test: (password) => /[^\p{L}\p{M}\p{N}]/u.test(password),
  },
  {
    id: 'repeats',
    message: 'No character can repeat more than twice',
    test: repeatsAtMostAllowed,
  },
];

/** Every rule a password must hold: the checklist plus an upper bound that keeps hashing cheap. */
export const PASSWORD_RULES: readonly PasswordRule[] = [
  ...PASSWORD_CHECKLIST_RULES,
  {
    id: 'maxLength',
    message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
    test: (password) => characters(password).length <= PASSWORD_MAX_LENGTH,
  },
];

/** The rules `password` breaks, in order; empty when it is acceptable. */
export function checkPassword(password: string): PasswordRule[] {
  return PASSWORD_RULES.filter((rule) => !rule.test(password));
}
