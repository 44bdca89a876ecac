import {
  CHANNEL_PLATFORMS,
  type ChannelPlatform,
  DomainException,
  ErrorCode,
  isChannelPlatform,
  isPlatform,
  type Platform,
  PLATFORM_NAMES,
} from '@parley/contracts';

/**
 * What a platform of the spec that no channel serves yet is called when the owner asks to connect it
 * (PLATFORM_NAMES says "Twitter"; the owner knows it as X). Goes when its adapter is registered.
 */
const NOT_YET_NAMES: Partial<Record<Platform, string>> = { twitter: 'X (Twitter)' };

/**
 * `platform` as a platform Parley has a channel for, or VALIDATION_FAILED naming it. A platform of the
 * spec that has no channel yet gets its own plain answer.
 */
export function requireChannel(platform: string): ChannelPlatform {
  if (isChannelPlatform(platform)) return platform;
  const message = isPlatform(platform)
    ? `${NOT_YET_NAMES[platform] ?? PLATFORM_NAMES[platform]} connections are not available yet.`
    : `Platform must be one of: ${CHANNEL_PLATFORMS.join(', ')}`;
  throw new DomainException(ErrorCode.ValidationFailed, message, { field: 'platform' });
}

/** Why a message cannot go out when the provider refused the asset's token: its words, and what to do. */
export function tokenRefusal(platform: ChannelPlatform, providerMessage: string): string {
  return `${providerMessage} Connect ${PLATFORM_NAMES[platform]} again in Parley.`;
}

/** How a customer is named in the log (never their whole id). */
export function logName(platform: ChannelPlatform, userId: string): string {
  return `${PLATFORM_NAMES[platform]} user …${userId.slice(-4)}`;
}
