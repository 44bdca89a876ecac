import type { CustomerStage } from '@parley/contracts';

/** Avatar initials: the first letters of the first two words of the name, in capitals. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '');
  return letters.join('') || '?';
}

/** Pipeline stages from cold to won. */
export const STAGE_COLORS: Record<CustomerStage, string> = {
  new: 'blue',
  interested: 'cyan',
  qualified: 'purple',
  'follow-up': 'orange',
  converted: 'green',
};
