import {
  CHANNEL_PLATFORMS,
  type ChannelPlatform,
  DomainException,
  ErrorCode,
  isChannelPlatform,
  PLATFORM_NAMES,
} from '@parley/contracts';

/** `platform` as a platform Parley has a channel for, or VALIDATION_FAILED naming it. */
export function requireChannel(platform: string): ChannelPlatform {
  if (isChannelPlatform(platform)) return platform;
  throw new DomainException(
    ErrorCode.ValidationFailed,
    `Platform must be one of: ${CHANNEL_PLATFORMS.join(', ')}`,
    {
      field: 'platform',
    },
  );
}

/** Why a message cannot go out when the provider refused the asset's token: its words, and what to do. */
export function tokenRefusal(platform: ChannelPlatform, providerMessage: string): string {
  return `${providerMessage} Connect ${PLATFORM_NAMES[platform]} again in Parley.`;
}

/** How a customer is named in the log (never their whole id). */
export function logName(platform: ChannelPlatform, userId: string): string {
  return `${PLATFORM_NAMES[platform]} user …${userId.slice(-4)}`;
}
