import type { MetaChannel } from '@parley/contracts';

/**
 * The permissions each channel asks for in Meta's OAuth dialog: reading the pages the owner manages and
 * their messages (Messenger), the same plus the linked Instagram business account's messages, or the
 * WhatsApp Business accounts and their numbers.
 */
export const CONNECT_SCOPES: Record<MetaChannel, readonly string[]> = {
  facebook: ['pages_show_list', 'pages_messaging', 'pages_manage_metadata', 'pages_read_engagement'],
  instagram: [
    'pages_show_list',
    'pages_messaging',
    'pages_manage_metadata',
    'pages_read_engagement',
    'instagram_basic',
    'instagram_manage_messages',
  ],
  whatsapp: ['whatsapp_business_management', 'whatsapp_business_messaging', 'business_management'],
};

/** What one connected asset is called in an error: "Facebook page", "Instagram account", "WhatsApp number". */
export const ASSET_NOUNS: Record<MetaChannel, string> = {
  facebook: 'Facebook page',
  instagram: 'Instagram account',
  whatsapp: 'WhatsApp number',
};
