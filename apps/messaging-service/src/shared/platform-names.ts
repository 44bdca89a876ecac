import type { Platform } from '@parley/contracts';

/** A platform as people write it, for messages a person reads. */
export const PLATFORM_NAMES: Record<Platform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  whatsapp: 'WhatsApp',
};
