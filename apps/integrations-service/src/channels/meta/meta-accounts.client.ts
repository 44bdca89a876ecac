import { Injectable } from '@nestjs/common';
import type { MetaChannel } from '@parley/contracts';
import { IntegrationsConfig } from '../../config/integrations.config';
import type { ChannelAsset, ChannelHealthCheck, SubscribedAsset, Subscription } from '../channel-adapter';
import { GraphClient } from './graph-client';

/** The Meta user who granted access, and their long-lived token (about 60 days). */
export interface UserGrant {
  metaUserId: string;
  token: string;
  expiresAt: Date | null;
}

/** The webhook fields of a page subscription (Messenger, and Instagram through its page). */
export const PAGE_WEBHOOK_FIELDS =
  'messages,message_echoes,message_deliveries,message_reads,messaging_postbacks';

/** More assets than this on one account is not a shop; the rest are left out. */
const MAX_ASSETS = 500;

interface TokenAnswer {
  access_token: string;
  expires_in?: number;
}

interface Paged<T> {
  data: T[];
  paging?: { next?: string; cursors?: { after?: string } };
}

/** The page task only a page's admins hold (Meta's page roles are sets of tasks). */
const ADMIN_TASK = 'MANAGE';

interface GraphPage {
  id: string;
  name: string;
  access_token: string;
  /** What the user may do on the page: ANALYZE, ADVERTISE, MODERATE, MESSAGING, CREATE_CONTENT, MANAGE. */
  tasks?: string[];
  instagram_business_account?: { id: string; username?: string; name?: string };
}

interface DebugToken {
  data: {
    is_valid?: boolean;
    /** Unix seconds; 0 when the token does not expire (a page token). */
    expires_at?: number;
    error?: { code?: number; message?: string };
    granular_scopes?: { scope: string; target_ids?: string[] }[];
  };
}

interface PhoneNumber {
  id: string;
  display_phone_number: string;
  verified_name?: string;
}

/**
 * The Graph API calls of connecting a channel: the OAuth code for a long-lived user token, the assets
 * the owner granted, and the app's webhook subscriptions on them. Throws MetaApiError as GraphClient
 * does; the service turns it into words for the owner. Tokens travel only in the calls, never in logs.
 */
@Injectable()
export class MetaAccountsClient {
  constructor(
    private readonly graph: GraphClient,
    private readonly config: IntegrationsConfig,
  ) {}

  /** The dialog's code → a short-lived user token → a long-lived one, and whose it is. */
  async grant(code: string, redirectUri: string): Promise<UserGrant> {
    const app = { client_id: this.config.META_APP_ID, client_secret: this.config.META_APP_SECRET };
    const short = await this.graph.get<TokenAnswer>('/oauth/access_token', {
      ...app,
      redirect_uri: redirectUri,
      code,
    });
    const long = await this.graph.get<TokenAnswer>('/oauth/access_token', {
      ...app,
      grant_type: 'fb_exchange_token',
      fb_exchange_token: short.access_token,
    });
    const me = await this.graph.get<{ id: string }>('/me', { fields: 'id', access_token: long.access_token });
    return {
      metaUserId: me.id,
      token: long.access_token,
      expiresAt: long.expires_in ? new Date(Date.now() + long.expires_in * 1000) : null,
    };
  }

  /**
   * What the grant reaches on `platform`:
   * - facebook: each page (its page token, which does not expire when read with a long-lived user token);
   * - instagram: each page's linked Instagram business account (pageId = the account, businessAccountId
   *   = the page, the page's token: Instagram messaging goes through the page);
   * - whatsapp: each phone number of each WhatsApp Business account granted (pageId = the number,
   *   businessAccountId = the account, the user's token).
   */
  async assets(platform: MetaChannel, userToken: string): Promise<ChannelAsset[]> {
    switch (platform) {
      case 'facebook':
        return (await this.pages(userToken)).map((page) => ({
          pageId: page.id,
          pageName: page.name,
          token: page.access_token,
          businessAccountId: null,
          provesControl: administers(page),
        }));
      case 'instagram':
        return (await this.pages(userToken)).flatMap((page) => {
          const account = page.instagram_business_account;
          if (account === undefined) return [];
          return [
            {
              pageId: account.id,
              pageName: account.username ?? account.name ?? account.id,
              token: page.access_token,
              businessAccountId: page.id,
              provesControl: administers(page),
            },
          ];
        });
      case 'whatsapp':
        return this.phoneNumbers(userToken);
    }
  }

  /** Starts Meta's webhooks for the subscription's object (a page, or a WhatsApp Business account). */
  async subscribe(platform: MetaChannel, { objectId, token }: Subscription): Promise<void> {
    const fields = platform === 'whatsapp' ? {} : { subscribed_fields: PAGE_WEBHOOK_FIELDS };
    await this.graph.post(`/${objectId}/subscribed_apps`, { ...fields, access_token: token });
  }

  /**
   * What Meta says of a token now (`debug_token`, asked with the app's token): valid until when, or refused
   * with Meta's words. Throws MetaApiError when Meta did not answer.
   */
  async debugToken(token: string): Promise<ChannelHealthCheck> {
    const { data } = await this.debug(token);
    if (data.is_valid !== true) {
      const reason = data.error?.message ?? 'Meta no longer accepts the access token';
      return { token: 'refused', subscribed: null, reason };
    }
    const expiresAt = data.expires_at ? new Date(data.expires_at * 1000) : undefined;
    return { token: 'valid', subscribed: null, ...(expiresAt === undefined ? {} : { expiresAt }) };
  }

  /** Whether Parley's app is among the subscription's `subscribed_apps` (read with its token). */
  async subscribed({ objectId, token }: Subscription): Promise<boolean> {
    const answer = await this.graph.get<{ data?: { id?: string }[] } | undefined>(
      `/${encodeURIComponent(objectId)}/subscribed_apps`,
      { access_token: token },
    );
    const apps = Array.isArray(answer?.data) ? answer.data : [];
    return apps.some((app) => app.id === this.config.META_APP_ID);
  }

  async unsubscribe({ objectId, token }: Subscription): Promise<void> {
    await this.graph.delete(`/${objectId}/subscribed_apps`, { access_token: token });
  }

  private async pages(userToken: string): Promise<GraphPage[]> {
    const pages: GraphPage[] = [];
    let after: string | undefined;
    do {
      const answer = await this.graph.get<Paged<GraphPage>>('/me/accounts', {
        fields: 'id,name,access_token,tasks,instagram_business_account{id,username,name}',
        limit: 100,
        after,
        access_token: userToken,
      });
      pages.push(...answer.data);
      after = answer.paging?.next === undefined ? undefined : answer.paging.cursors?.after;
    } while (after !== undefined && pages.length < MAX_ASSETS);
    return pages.slice(0, MAX_ASSETS);
  }

  /** `debug_token` of `token`, asked with the app's own token (`<app id>|<app secret>`). */
  private debug(token: string): Promise<DebugToken> {
    return this.graph.get<DebugToken>('/debug_token', {
      input_token: token,
      access_token: `${this.config.META_APP_ID}|${this.config.META_APP_SECRET}`,
    });
  }

  /** The WhatsApp Business accounts are those the owner picked in the dialog (debug_token's granular scopes). */
  private async phoneNumbers(userToken: string): Promise<ChannelAsset[]> {
    const debug = await this.debug(userToken);
    const accounts =
      debug.data.granular_scopes?.find((s) => s.scope === 'whatsapp_business_management')?.target_ids ?? [];
    const assets: ChannelAsset[] = [];
    for (const wabaId of accounts) {
      const numbers = await this.graph.get<Paged<PhoneNumber>>(`/${wabaId}/phone_numbers`, {
        limit: 100,
        access_token: userToken,
      });
      for (const number of numbers.data) {
        assets.push({
          pageId: number.id,
          pageName: number.verified_name
            ? `${number.verified_name} (${number.display_phone_number})`
            : number.display_phone_number,
          token: userToken,
          businessAccountId: wabaId,
          provesControl: true,
        });
      }
      if (assets.length >= MAX_ASSETS) break;
    }
    return assets.slice(0, MAX_ASSETS);
  }
}

function administers(page: GraphPage): boolean {
  return page.tasks?.includes(ADMIN_TASK) ?? false;
}

/**
 * The webhook subscriptions that serve `assets`, each once: a Facebook page itself, an Instagram
 * account's page, a WhatsApp number's Business account (several numbers share one).
 */
export function subscriptionsOf(platform: MetaChannel, assets: readonly SubscribedAsset[]): Subscription[] {
  const byObject = new Map<string, Subscription>();
  for (const asset of assets) {
    const objectId = platform === 'facebook' ? asset.pageId : (asset.businessAccountId ?? asset.pageId);
    if (!byObject.has(objectId)) byObject.set(objectId, { objectId, token: asset.token });
  }
  return [...byObject.values()];
}
