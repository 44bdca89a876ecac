import type { ChannelPlatform, SocialIntegrationResponse } from '@parley/contracts';
import { isoTime } from '@parley/server-kit';

/** An integration as listed: its row and its pages' ids and names, never a token. */
export interface IntegrationRow {
  platform: ChannelPlatform;
  is_active: boolean;
  is_configured: boolean;
  /** A timestamptz comes as text (see isoTime). */
  last_sync: string | null;
  /** When Meta ends the access it sends with, where that access expires (WhatsApp); timestamptz as text. */
  access_expires_at: string | null;
  /** Meta refused one of its pages' tokens since the last connect, or the access expired. */
  needs_reconnect: boolean;
  /** In the order they were connected. */
  pages: { pageId: string; pageName: string }[];
}

export function integrationFromRow(row: IntegrationRow): SocialIntegrationResponse {
  return {
    platform: row.platform,
    isActive: row.is_active,
    isConfigured: row.is_configured,
    pageName: row.pages[0]?.pageName ?? null,
    lastSync: row.last_sync === null ? null : isoTime(row.last_sync),
    needsReconnect: row.needs_reconnect,
    accessExpiresAt: row.is_active && row.access_expires_at !== null ? isoTime(row.access_expires_at) : null,
    pages: row.pages,
  };
}
