import { isOneOf } from '../../enums/one-of';

/** The platforms connected through Meta (one app, one OAuth dialog, one webhook endpoint). */
export const META_CHANNELS = ['facebook', 'instagram', 'whatsapp'] as const;

export type MetaChannel = (typeof META_CHANNELS)[number];

export function isMetaChannel(value: unknown): value is MetaChannel {
  return isOneOf(META_CHANNELS, value);
}

/** X's direct messages: the spec's `twitter` platform (the owner knows it as X). */
export const X_CHANNEL = 'twitter';

/**
 * The platforms Parley has a channel for, whichever provider serves them: integrations-service's channel
 * registry (`src/channels/`) has exactly one adapter for each, and checks so when it starts. A new
 * provider's platforms are added here (docs/channels.md, "Adding a channel").
 */
export const CHANNEL_PLATFORMS = [...META_CHANNELS, X_CHANNEL] as const;

export type ChannelPlatform = (typeof CHANNEL_PLATFORMS)[number];

export function isChannelPlatform(value: unknown): value is ChannelPlatform {
  return isOneOf(CHANNEL_PLATFORMS, value);
}
