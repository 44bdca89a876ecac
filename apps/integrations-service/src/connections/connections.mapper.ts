import {
  channelHealthProblems,
  type ChannelHealthResponse,
  type ChannelPlatform,
  type SocialIntegrationResponse,
  tokenHealth,
} from '@parley/contracts';
import { isoTime } from '@parley/server-kit';

/**
 * An integration's health facts over its pages, as the list query builds them (json_build_object: its
 * times are JSON timestamps, `2026-11-25T10:11:12.345678+00:00`): the response's reasons, with whether a
 * page's token was refused and whether every page's token was accepted at its last check (or connect).
 */
export type HealthFacts = Omit<ChannelHealthResponse, 'state' | 'problems' | 'token'> & {
  tokenRefused: boolean;
  tokenChecked: boolean;
};

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
  health: HealthFacts;
}

export function integrationFromRow(row: IntegrationRow, now = Date.now()): SocialIntegrationResponse {
  return {
    platform: row.platform,
    isActive: row.is_active,
    isConfigured: row.is_configured,
    pageName: row.pages[0]?.pageName ?? null,
    lastSync: row.last_sync === null ? null : isoTime(row.last_sync),
    needsReconnect: row.needs_reconnect,
    accessExpiresAt: row.is_active && row.access_expires_at !== null ? isoTime(row.access_expires_at) : null,
    pages: row.pages,
    health: healthOf(row.is_active, row.health, now),
  };
}

/** Not connected: disconnected, nothing known; connected: degraded while a problem stands, else ok. */
function healthOf(active: boolean, facts: HealthFacts, now: number): ChannelHealthResponse {
  const tokenExpiresAt = jsonTime(facts.tokenExpiresAt);
  const problems = active ? channelHealthProblems(facts) : [];
  return {
    state: !active ? 'disconnected' : problems.length > 0 ? 'degraded' : 'ok',
    problems,
    token: active ? tokenHealth(facts.tokenRefused, facts.tokenChecked, tokenExpiresAt, now) : 'unknown',
    tokenExpiresAt: active ? tokenExpiresAt : null,
    tokenError: active && facts.tokenRefused ? facts.tokenError : null,
    subscribed: active ? facts.subscribed : null,
    subscriptionError: active && facts.subscribed === false ? facts.subscriptionError : null,
    lastWebhookAt: jsonTime(facts.lastWebhookAt),
    lastSendAt: jsonTime(facts.lastSendAt),
    lastSendError: facts.lastSendAt === null ? null : facts.lastSendError,
    failuresInRow: active ? facts.failuresInRow : 0,
    checkedAt: active ? jsonTime(facts.checkedAt) : null,
    degradedSince: active ? jsonTime(facts.degradedSince) : null,
  };
}

/** A JSON timestamp from PostgreSQL as `Date#toISOString` gives it. */
function jsonTime(text: string | null): string | null {
  return text === null ? null : new Date(text).toISOString();
}
