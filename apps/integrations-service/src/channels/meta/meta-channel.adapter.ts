import { Injectable } from '@nestjs/common';
import {
  type ChannelPlatform,
  DomainException,
  ErrorCode,
  isMetaChannel,
  type MessagingWindow,
  messagingWindow,
  type MetaChannel,
} from '@parley/contracts';
import { IntegrationsConfig } from '../../config/integrations.config';
import {
  type ChannelAdapter,
  type ChannelAsset,
  type ChannelEcho,
  type ChannelEvent,
  type ChannelGrant,
  type ChannelHealthCheck,
  failedCheck,
  type OutgoingMessage,
  type SubscribedAsset,
  type Subscription,
} from '../channel-adapter';
import { inBatches } from '../in-batches';
import { GraphClient } from './graph-client';
import { MetaAccountsClient, subscriptionsOf } from './meta-accounts.client';
import { ASSET_NOUNS, CONNECT_SCOPES } from './meta-scopes';
import { sendCall, sentMessageId } from './meta-send';
import { checkMetaSignature, isVerifyToken } from './meta-signature';
import { normaliseMetaWebhook } from './meta-webhook.normaliser';
import { ProfileNames } from './profile-names';

/** Meta's challenge is a number; anything longer than this is not Meta's. */
const CHALLENGE_MAX = 200;

const NO_ASSETS: Record<MetaChannel, string> = {
  facebook: 'No Facebook pages were found on this account.',
  instagram: 'No Instagram business accounts were found on this account. Link one to a Facebook page first.',
  whatsapp: 'No WhatsApp phone numbers were found on this account.',
};

/**
 * Messenger, Instagram and WhatsApp through one Meta app (docs/channels.md): Meta's OAuth dialog and
 * long-lived tokens, page / Instagram account / WhatsApp number subscriptions, `X-Hub-Signature-256`
 * webhooks in three shapes, the User Profile API, the Send and WhatsApp Cloud APIs and Meta's messaging
 * window.
 */
@Injectable()
export class MetaChannelAdapter implements ChannelAdapter {
  readonly source = 'meta';
  readonly platforms = ['facebook', 'instagram', 'whatsapp'] as const;
  readonly provider = 'Meta';
  readonly consentName = 'Facebook';
  readonly usesPkce = false;

  constructor(
    private readonly config: IntegrationsConfig,
    private readonly graph: GraphClient,
    private readonly accounts: MetaAccountsClient,
    private readonly profiles: ProfileNames,
  ) {}

  assetNoun(platform: ChannelPlatform): string {
    return ASSET_NOUNS[meta(platform)];
  }

  noAssets(platform: ChannelPlatform): string {
    return NO_ASSETS[meta(platform)];
  }

  /** Meta's OAuth dialog, with the scopes the platform needs. */
  authUrl(platform: ChannelPlatform, state: string, redirectUri: string): string {
    const url = new URL(this.config.META_OAUTH_URL);
    url.searchParams.set('client_id', this.config.META_APP_ID);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('state', state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', CONNECT_SCOPES[meta(platform)].join(','));
    return url.toString();
  }

  /** The code → a long-lived user token and its Meta user → the pages, accounts or numbers it reaches. */
  async connect(platform: ChannelPlatform, code: string, redirectUri: string): Promise<ChannelGrant> {
    const grant = await this.accounts.grant(code, redirectUri);
    const assets = await this.accounts.assets(meta(platform), grant.token);
    return {
      accountId: grant.metaUserId,
      token: grant.token,
      expiresAt: grant.expiresAt,
      refreshToken: null,
      assets,
    };
  }

  async subscribe(platform: ChannelPlatform, assets: readonly ChannelAsset[]): Promise<void> {
    const channel = meta(platform);
    await inBatches(subscriptionsOf(channel, assets), (subscription) =>
      this.accounts.subscribe(channel, subscription),
    );
  }

  subscriptions(platform: ChannelPlatform, assets: readonly SubscribedAsset[]): Subscription[] {
    return subscriptionsOf(meta(platform), assets);
  }

  unsubscribe(subscription: Subscription): Promise<void> {
    return this.accounts.unsubscribe(subscription);
  }

  /**
   * Nothing to call: the owner takes a Meta consent back in Facebook, and the disconnect has already removed
   * the subscriptions and forgets the tokens.
   */
  revoke(): Promise<void> {
    return Promise.resolve();
  }

  /** Meta's page tokens do not expire, and its user tokens have no refresh grant: the stored one is it. */
  currentToken(_platform: ChannelPlatform, _pageId: string, stored: string): Promise<string> {
    return Promise.resolve(stored);
  }

  /** `hub.mode=subscribe` with our verify token → the challenge, as it came. */
  verifyWebhook(query: unknown): { challenge: string } {
    const { mode, token, challenge } = (query ?? {}) as Record<string, unknown>;
    if (mode !== 'subscribe' || !isVerifyToken(this.config.META_VERIFY_TOKEN, stringOf(token)))
      throw new DomainException(ErrorCode.Forbidden, 'The verify token does not match');
    if (typeof challenge !== 'string' || challenge === '' || challenge.length > CHALLENGE_MAX)
      throw new DomainException(ErrorCode.ValidationFailed, 'hub.challenge is missing or too long');
    return { challenge };
  }

  checkSignature(body: string, signature: string | undefined): void {
    checkMetaSignature(this.config.META_APP_SECRET, body, signature);
  }

  /** WhatsApp media has an id, not a URL: its link is the Graph media object (the page's token fetches it). */
  normalise(body: unknown): ChannelEvent[] {
    const graph = this.config.META_GRAPH_URL;
    return normaliseMetaWebhook(body, (mediaId) => `${graph}/${mediaId}`);
  }

  /** Meta names the sending app on an echo: ours is ignored. */
  isOwnEcho(echo: ChannelEcho): boolean {
    return echo.appId === this.config.META_APP_ID;
  }

  /** WhatsApp sends the profile name with each message; Messenger and Instagram have a profile to ask. */
  namesFrom(platform: ChannelPlatform): 'payload' | 'profile' {
    return meta(platform) === 'whatsapp' ? 'payload' : 'profile';
  }

  readProfile(
    platform: ChannelPlatform,
    userId: string,
    sealedToken: string,
  ): Promise<{ name?: string } | undefined> {
    return this.profiles.read(meta(platform), userId, sealedToken);
  }

  window(platform: ChannelPlatform, lastInboundAt: string | null): MessagingWindow {
    return messagingWindow(meta(platform), lastInboundAt);
  }

  /** Messenger and Instagram take the token in the query, WhatsApp's Cloud API as a Bearer token. */
  async send(message: OutgoingMessage, window: MessagingWindow, token: string): Promise<string | undefined> {
    const call = sendCall(message, window.state);
    const answer = await this.graph.post(
      call.path,
      call.tokenAs === 'query' ? { access_token: token } : {},
      call.body,
      call.tokenAs === 'bearer' ? token : undefined,
    );
    return sentMessageId(answer);
  }

  /**
   * Two calls: `debug_token` (with the app's token) says whether Meta still accepts the asset's token and
   * until when; the subscription's `subscribed_apps`, read with the asset's token (a page's own, an
   * Instagram account's page's, or the user's for a WhatsApp Business account), lists Parley's app while
   * the subscription is in place.
   */
  async checkHealth(platform: ChannelPlatform, asset: SubscribedAsset): Promise<ChannelHealthCheck> {
    const token = await this.accounts.debugToken(asset.token).catch((error: unknown) => failedCheck(error));
    if (token.token !== 'valid') return token;
    const [subscription] = subscriptionsOf(meta(platform), [asset]);
    try {
      return { ...token, subscribed: await this.accounts.subscribed(subscription) };
    } catch (error) {
      // The token was accepted a moment ago; only a refusal of it now says otherwise.
      const failed = failedCheck(error, true);
      return failed.token === 'refused' ? failed : { ...token, reason: failed.reason };
    }
  }
}

/** The registry routes only Meta's platforms here. */
function meta(platform: ChannelPlatform): MetaChannel {
  if (!isMetaChannel(platform)) throw new Error(`Meta does not serve "${platform}"`);
  return platform;
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
