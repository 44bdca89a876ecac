import { Injectable } from '@nestjs/common';
import { type ChannelPlatform, type MessagingWindow, messagingWindow } from '@parley/contracts';
import { IntegrationsConfig } from '../../config/integrations.config';
import {
  type ChannelAdapter,
  type ChannelAsset,
  type ChannelEvent,
  type ChannelGrant,
  type ChannelHealthCheck,
  ChannelRefusal,
  failedCheck,
  type GrantTokens,
  type OutgoingMessage,
  type SubscribedAsset,
  type Subscription,
} from '../channel-adapter';
import { XAccountsClient, X_SCOPES } from './x-accounts.client';
import { XApiClient, XApiError } from './x-api.client';
import { afterReset, XRateLimits } from './x-rate-limits';
import { checkXSignature, crcResponse } from './x-signature';
import { XTokenKeeper } from './x-token-keeper';
import { normaliseXWebhook } from './x-webhook.normaliser';

/** How long a 429 without `x-rate-limit-reset` holds the account's sends. */
const UNSAID_RESET_MS = 60_000;

/**
 * X's direct messages (docs/channels.md, "X"): OAuth 2.0 with PKCE and refresh tokens, the connected
 * account (`/2/users/me`) subscribed to Parley's Account Activity webhook, the CRC and
 * x-twitter-webhooks-signature, `direct_message_events`, and `POST /2/dm_conversations/with/{id}/messages`
 * within X's rate windows. X has no messaging window.
 */
@Injectable()
export class XChannelAdapter implements ChannelAdapter {
  readonly source = 'x';
  readonly platforms = ['twitter'] as const;
  readonly provider = 'X';
  readonly consentName = 'X';
  readonly usesPkce = true;

  constructor(
    private readonly config: IntegrationsConfig,
    private readonly api: XApiClient,
    private readonly accounts: XAccountsClient,
    private readonly tokens: XTokenKeeper,
    private readonly rates: XRateLimits,
  ) {}

  assetNoun(): string {
    return 'X account';
  }

  noAssets(): string {
    return 'No X account was found.';
  }

  /** X's authorisation page with the scopes direct messages need and the PKCE challenge (S256). */
  authUrl(_platform: ChannelPlatform, state: string, redirectUri: string, codeChallenge?: string): string {
    if (codeChallenge === undefined) throw new Error("X's authorisation needs a PKCE challenge");
    const url = new URL(this.config.X_OAUTH_URL);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.config.X_CLIENT_ID);
    url.searchParams.set('redirect_uri', redirectUri);
    url.searchParams.set('scope', X_SCOPES.join(' '));
    url.searchParams.set('state', state);
    url.searchParams.set('code_challenge', codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  /** The code and the state's verifier → tokens → the account that granted them, Parley's one asset. */
  async connect(
    _platform: ChannelPlatform,
    code: string,
    redirectUri: string,
    codeVerifier?: string,
  ): Promise<ChannelGrant> {
    if (codeVerifier === undefined)
      throw new ChannelRefusal('invalid_state', 'The connection link has no PKCE verifier');
    const tokens = await this.accounts.exchange(code, redirectUri, codeVerifier);
    const account = await this.accounts.me(tokens.token);
    const asset: ChannelAsset = {
      pageId: account.id,
      pageName: account.username === '' ? account.name || account.id : `@${account.username}`,
      token: tokens.token,
      businessAccountId: null,
      // The account itself consented: it is the owner's to move.
      provesControl: true,
    };
    return {
      accountId: account.id,
      token: tokens.token,
      expiresAt: tokens.expiresAt,
      refreshToken: tokens.refreshToken,
      assets: [asset],
    };
  }

  async subscribe(_platform: ChannelPlatform, assets: readonly ChannelAsset[]): Promise<void> {
    for (const asset of assets) await this.accounts.subscribe(asset.token);
  }

  subscriptions(_platform: ChannelPlatform, assets: readonly SubscribedAsset[]): Subscription[] {
    return assets.map((asset) => ({ objectId: asset.pageId, token: asset.token }));
  }

  unsubscribe({ objectId }: Subscription): Promise<void> {
    return this.accounts.unsubscribe(objectId);
  }

  /** The refresh token first (it ends the grant), then the access token. */
  async revoke({ token, refreshToken }: GrantTokens): Promise<void> {
    if (refreshToken !== null) await this.accounts.revoke(refreshToken, 'refresh_token');
    if (token !== null) await this.accounts.revoke(token, 'access_token');
  }

  currentToken(_platform: ChannelPlatform, pageId: string): Promise<string> {
    return this.tokens.current(pageId);
  }

  /** X's CRC: `{ response_token }` for `crc_token`. */
  verifyWebhook(query: unknown): { response_token: string } {
    const { crcToken } = (query ?? {}) as Record<string, unknown>;
    return crcResponse(this.config.X_CONSUMER_SECRET, typeof crcToken === 'string' ? crcToken : undefined);
  }

  checkSignature(body: string, signature: string | undefined): void {
    checkXSignature(this.config.X_CONSUMER_SECRET, body, signature);
  }

  normalise(body: unknown): ChannelEvent[] {
    return normaliseXWebhook(body);
  }

  /** X's events do not say which app is Parley's: our sends are known by their dm_event_id (or text) instead. */
  isOwnEcho(): boolean {
    return false;
  }

  /** Each event's `users` map names the customer. */
  namesFrom(): 'payload' {
    return 'payload';
  }

  /** Never asked (namesFrom: payload). */
  readProfile(): Promise<undefined> {
    return Promise.resolve(undefined);
  }

  window(platform: ChannelPlatform, lastInboundAt: string | null): MessagingWindow {
    return messagingWindow(platform, lastInboundAt);
  }

  /**
   * `POST /2/dm_conversations/with/{customer}/messages` → X's `dm_event_id`. A spent rate window (known
   * from an earlier answer, on any replica) waits for its reset without calling X; a 429 holds the window
   * until `x-rate-limit-reset`.
   */
  async send(message: OutgoingMessage, _window: MessagingWindow, token: string): Promise<string | undefined> {
    const wait = await this.rates.wait(message.pageId);
    if (wait > 0)
      throw new XApiError('X allows no more direct messages until its rate window resets', 429, true, wait);
    try {
      const { body, rate } = await this.api.call<{ data?: { dm_event_id?: unknown } }>(
        'POST',
        `/2/dm_conversations/with/${encodeURIComponent(message.recipientId)}/messages`,
        { auth: { bearer: token }, json: { text: message.text } },
      );
      await this.rates.note(message.pageId, rate);
      const id = body?.data?.dm_event_id;
      return typeof id === 'string' && id !== '' ? id : undefined;
    } catch (error) {
      if (!(error instanceof XApiError) || error.status !== 429) throw error;
      const resetAt = Date.now() + (error.retryAfterMs ?? UNSAID_RESET_MS);
      await this.rates.note(message.pageId, { remaining: 0, resetAt });
      throw new XApiError(error.message, 429, true, afterReset(resetAt));
    }
  }

  /**
   * Renews the token if due, then asks X who the token is (`GET /2/users/me`: a 401 says X no longer
   * accepts it) and whether the account is still subscribed to Parley's webhook.
   */
  async checkHealth(_platform: ChannelPlatform, asset: SubscribedAsset): Promise<ChannelHealthCheck> {
    let token: string;
    try {
      token = await this.tokens.current(asset.pageId);
      await this.accounts.me(token);
    } catch (error) {
      return failedCheck(error);
    }
    try {
      return { token: 'valid', subscribed: await this.accounts.subscribed(token) };
    } catch (error) {
      return failedCheck(error, true);
    }
  }
}
