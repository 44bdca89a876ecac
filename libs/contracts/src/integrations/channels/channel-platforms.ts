import { isOneOf } from '../../enums/one-of';

/** The platforms connected through Meta (one app, one OAuth dialog, one webhook endpoint). */
export const META_CHANNELS = ['facebook', 'instagram', 'whatsapp'] as const;

export type MetaChannel = (typeof META_CHANNELS)[number];

export function isMetaChannel(value: unknown): value is MetaChannel {
  return isOneOf(META_CHANNELS, value);
}
