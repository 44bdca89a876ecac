import { isOneOf } from './one-of';

/** The messaging channels the agent answers on. */
export const PLATFORMS = ['facebook', 'instagram', 'twitter', 'whatsapp'] as const;

export type Platform = (typeof PLATFORMS)[number];

/** A platform as people write it, for sentences a person reads. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  whatsapp: 'WhatsApp',
};

export function isPlatform(value: unknown): value is Platform {
  return isOneOf(PLATFORMS, value);
}

/** The test chat may also pose as a channel; `test` is the plain agent test. */
export const TEST_AGENT_PLATFORMS = [...PLATFORMS, 'test'] as const;

export type TestAgentPlatform = (typeof TEST_AGENT_PLATFORMS)[number];
