import type {
  ChannelHealthResponse,
  OAuthConnectResponse,
  Platform,
  SocialIntegrationResponse,
} from '@parley/contracts';
import { api, SPEC_RETRIES } from '../../app/api';

export const integrationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/social-integrations: each platform the owner ever connected, active or not (spec 001 §7).
     * On failure screens read it as empty. Retried as the dashboard's queries are (spec 001 §8).
     */
    listIntegrations: build.query<SocialIntegrationResponse[], void>({
      query: () => '/social-integrations',
      providesTags: ['Integrations'],
      extraOptions: SPEC_RETRIES,
    }),
    /** GET /api/social-media/integrations: the same list, as the Social Media panel reads it. */
    listSocialMediaIntegrations: build.query<SocialIntegrationResponse[], void>({
      query: () => '/social-media/integrations',
      providesTags: ['Integrations'],
      extraOptions: SPEC_RETRIES,
    }),
    /**
     * GET /api/auth/{platform}/connect: Meta's dialog with a single-use state. A mutation, because every
     * press needs a fresh address (a cached one would carry a used state).
     */
    startConnect: build.mutation<OAuthConnectResponse, Platform>({
      query: (platform) => ({ url: `/auth/${encodeURIComponent(platform)}/connect`, method: 'GET' }),
    }),
    /** Unsubscribes the platform's pages and forgets their tokens. */
    disconnect: build.mutation<{ platform: Platform }, Platform>({
      query: (platform) => ({
        url: `/social-integrations/${encodeURIComponent(platform)}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Integrations'],
    }),
  }),
});

export const {
  useListIntegrationsQuery,
  useListSocialMediaIntegrationsQuery,
  useStartConnectMutation,
  useDisconnectMutation,
} = integrationsApi;

/**
 * The platforms with an active integration: their customers' messages arrive, even where Meta refuses
 * the replies (`needsReconnect`).
 */
export function activePlatforms(integrations: readonly SocialIntegrationResponse[] | undefined): Platform[] {
  return (integrations ?? [])
    .filter((integration) => integration.isActive)
    .map((integration) => integration.platform);
}

/**
 * An active integration whose access Meta no longer accepts (token expired or taken away in Facebook):
 * messages still arrive, replies fail until the owner connects the platform again in its wizard.
 */
export function needsReconnect(integration: SocialIntegrationResponse | undefined): boolean {
  return Boolean(integration?.isActive && integration.needsReconnect);
}

/** How long before Meta ends an access (`accessExpiresAt`) the owner is asked to connect again. */
export const ACCESS_ENDING_DAYS = 7;

/**
 * When an active integration's access ends within ACCESS_ENDING_DAYS of `now` (WhatsApp's, about 60 days
 * after connecting), that time; undefined otherwise, and once it has ended (`needsReconnect` then says so).
 */
export function accessEndingSoon(
  integration: SocialIntegrationResponse | undefined,
  now: number,
): string | undefined {
  const ends = integration?.accessExpiresAt;
  if (!integration?.isActive || integration.needsReconnect || !ends) return undefined;
  return Date.parse(ends) - now <= ACCESS_ENDING_DAYS * 24 * 60 * 60 * 1000 ? ends : undefined;
}

/** Each platform whose access ends soon (see `accessEndingSoon`), with that time. */
export function accessEndings(
  integrations: readonly SocialIntegrationResponse[] | undefined,
  now: number,
): Partial<Record<Platform, string>> {
  const ends: Partial<Record<Platform, string>> = {};
  for (const integration of integrations ?? []) {
    const at = accessEndingSoon(integration, now);
    if (at) ends[integration.platform] = at;
  }
  return ends;
}

/** The active platforms that must be connected again (see `needsReconnect`). */
export function reconnectPlatforms(
  integrations: readonly SocialIntegrationResponse[] | undefined,
): Platform[] {
  return (integrations ?? []).filter(needsReconnect).map((integration) => integration.platform);
}

/**
 * An active integration whose channel is degraded (its token refused, its webhook subscription gone, or
 * sends failing one after another; docs/channels.md, "Health"): the owner is offered Reconnect.
 */
export function isDegraded(integration: SocialIntegrationResponse | undefined): boolean {
  return Boolean(integration?.isActive && integration.health.state === 'degraded');
}

/** Each active platform's health (the badge and its reasons). */
export function healthByPlatform(
  integrations: readonly SocialIntegrationResponse[] | undefined,
): Partial<Record<Platform, ChannelHealthResponse>> {
  const health: Partial<Record<Platform, ChannelHealthResponse>> = {};
  for (const integration of integrations ?? [])
    if (integration.isActive) health[integration.platform] = integration.health;
  return health;
}
