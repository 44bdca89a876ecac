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

/**
 * A customer the owner added by hand who has no channel (a walk-in, someone who phoned): `manual`. Such a
 * customer is never sent anything; what the owner writes to them stays in Parley (docs/inbox.md).
 */
export const MANUAL_PLATFORM = 'manual';

/** Where a customer is known from: a channel, or `manual`. Customers, conversations and messages carry it. */
export const CUSTOMER_PLATFORMS = [...PLATFORMS, MANUAL_PLATFORM] as const;

export type CustomerPlatform = (typeof CUSTOMER_PLATFORMS)[number];

export function isCustomerPlatform(value: unknown): value is CustomerPlatform {
  return isOneOf(CUSTOMER_PLATFORMS, value);
}

/** The test chat may also pose as a channel; `test` is the plain agent test. */
export const TEST_AGENT_PLATFORMS = [...PLATFORMS, 'test'] as const;

export type TestAgentPlatform = (typeof TEST_AGENT_PLATFORMS)[number];
