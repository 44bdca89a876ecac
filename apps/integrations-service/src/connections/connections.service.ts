import { Injectable, Logger } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  type MetaChannel,
  type OAuthCallbackResult,
  type OAuthConnectResponse,
  PLATFORM_NAMES,
  type SocialIntegrationResponse,
} from '@parley/contracts';
import { OwnerEvents } from '@parley/server-kit';
import { IntegrationsConfig } from '../config/integrations.config';
import { MetaApiError } from '../meta/graph-client';
import { SecretBox } from '../secrets/secret-box';
import { ASSET_NOUNS, CONNECT_SCOPES, requireChannel } from './channels';
import { integrationFromRow } from './connections.mapper';
import { ConnectionsQueries, PageTakenError, type RemovedPage } from './connections.queries';
import { type ChannelAsset, MetaAccountsClient, subscriptionsOf } from './meta-accounts.client';
import { OAUTH_STATE_TTL_MS, OAuthStateSigner } from './oauth-state';
import type { OAuthCallbackDto } from './oauth-callback.dto';

/** Subscriptions made (or removed) at once with Meta: an owner may have many pages. */
const META_CALLS_AT_ONCE = 5;

/** Meta's own words in an error are cut to this many characters. */
const META_REASON_MAX = 300;

const NO_ASSETS: Record<MetaChannel, string> = {
  facebook: 'No Facebook pages were found on this account.',
  instagram: 'No Instagram business accounts were found on this account. Link one to a Facebook page first.',
  whatsapp: 'No WhatsApp phone numbers were found on this account.',
};

const refused = (message: string) => new DomainException(ErrorCode.ValidationFailed, message);

/**
 * Connecting a Meta channel (docs/channels.md): the OAuth dialog's address with a signed, single-use
 * state; the callback's code for a long-lived token, the pages / Instagram accounts / WhatsApp numbers
 * it reaches, their webhook subscriptions and their storage (tokens sealed); the list; the disconnect.
 * Nothing here logs or answers a token.
 */
@Injectable()
export class ConnectionsService {
  private readonly logger = new Logger(ConnectionsService.name);

  constructor(
    private readonly config: IntegrationsConfig,
    private readonly queries: ConnectionsQueries,
    private readonly meta: MetaAccountsClient,
    private readonly states: OAuthStateSigner,
    private readonly box: SecretBox,
    private readonly events: OwnerEvents,
  ) {}

  /** Meta's OAuth dialog for `platform`, with the scopes it needs and a state for this owner. */
  async connectUrl(ownerId: string, platformText: string): Promise<OAuthConnectResponse> {
    const platform = requireChannel(platformText);
    const { nonce, state } = this.states.issue(platform);
    await this.queries.saveState(nonce, ownerId, platform, OAUTH_STATE_TTL_MS);
    const url = new URL(this.config.META_OAUTH_URL);
    url.searchParams.set('client_id', this.config.META_APP_ID);
    url.searchParams.set('redirect_uri', this.redirectUri(platform));
    url.searchParams.set('state', state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', CONNECT_SCOPES[platform].join(','));
    return { authUrl: url.toString() };
  }

  /**
   * Meta's redirect back. The state is checked and used up first (it names the owner), whatever else
   * the query says; then Meta's refusal, the code's exchange, the assets, their subscriptions, and one
   * transaction storing them. Any failure stores nothing and says why in plain words.
   */
  async completeConnect(callback: OAuthCallbackDto): Promise<OAuthCallbackResult> {
    const platform = requireChannel(callback.platform);
    const ownerId = await this.redeemState(platform, callback.state);
    if (callback.error) {
      throw refused(`Facebook refused the connection: ${cut(callback.errorDescription ?? callback.error)}`);
    }
    const code = callback.code;
    if (!code) throw refused('Facebook sent no authorization code. Please try again.');
    const grant = await fromMeta(() => this.meta.grant(code, this.redirectUri(platform)));
    const assets = await fromMeta(() => this.meta.assets(platform, grant.token));
    if (assets.length === 0) throw refused(NO_ASSETS[platform]);
    const [taken] = await this.queries.takenByOthers(
      ownerId,
      platform,
      assets.map((asset) => asset.pageId),
    );
    if (taken !== undefined) throw this.takenError(platform, assets, taken);
    await fromMeta(() =>
      inBatches(subscriptionsOf(platform, assets), (subscription) =>
        this.meta.subscribe(platform, subscription),
      ),
    );
    try {
      await this.queries.saveConnection(ownerId, platform, {
        metaUserId: grant.metaUserId,
        tokenSealed: this.box.seal(grant.token),
        tokenExpiresAt: grant.expiresAt,
        assets: assets.map((asset) => ({ ...asset, token: this.box.seal(asset.token) })),
      });
    } catch (error) {
      if (error instanceof PageTakenError) throw this.takenError(platform, assets, error.pageId);
      throw error;
    }
    this.changed(ownerId, platform, `${PLATFORM_NAMES[platform]} connected.`);
    return { platform, connected: assets.length };
  }

  async list(ownerId: string): Promise<SocialIntegrationResponse[]> {
    return (await this.queries.list(ownerId)).map(integrationFromRow);
  }

  /**
   * Forgets the tokens and removes the pages, then stops each webhook subscription no other connected
   * page needs. Meta failing to unsubscribe is logged, not fatal: its events for a page nobody has
   * connected are acknowledged and dropped.
   */
  async disconnect(ownerId: string, platformText: string): Promise<{ platform: MetaChannel }> {
    const platform = requireChannel(platformText);
    const removed = await this.queries.disconnect(ownerId, platform);
    if (removed === undefined) {
      throw new DomainException(ErrorCode.NotFound, `${PLATFORM_NAMES[platform]} is not connected.`);
    }
    await this.unsubscribe(platform, removed);
    this.changed(ownerId, platform, `${PLATFORM_NAMES[platform]} disconnected.`);
    return { platform };
  }

  /** Where Meta sends the browser back: the gateway's callback (the same in the dialog and the exchange). */
  private redirectUri(platform: MetaChannel): string {
    return `${this.config.PUBLIC_URL}/api/auth/${platform}/callback`;
  }

  /** The owner of a state Parley issued for `platform`, used now; refused if forged, used or expired. */
  private async redeemState(platform: MetaChannel, state: string | undefined): Promise<string> {
    const nonce = state === undefined ? undefined : this.states.nonceOf(platform, state);
    if (nonce === undefined) throw refused('This connection link is not valid. Please try again.');
    const redeemed = await this.queries.redeemState(nonce, platform);
    if (redeemed === undefined) {
      throw refused('This connection link was already used. Please try again.');
    }
    if (redeemed.expired) throw refused('This connection link has expired. Please try again.');
    return redeemed.ownerId;
  }

  private takenError(platform: MetaChannel, assets: ChannelAsset[], pageId: string): DomainException {
    const name = assets.find((asset) => asset.pageId === pageId)?.pageName;
    const what =
      name === undefined ? `This ${ASSET_NOUNS[platform]}` : `The ${ASSET_NOUNS[platform]} "${name}"`;
    return new DomainException(ErrorCode.Conflict, `${what} is already connected to another Parley account.`);
  }

  /** Each token stays sealed until its own call, so one that no longer opens fails only that call. */
  private async unsubscribe(platform: MetaChannel, removed: RemovedPage[]): Promise<void> {
    const subscriptions = subscriptionsOf(
      platform,
      removed.map((page) => ({ ...page, token: page.tokenSealed })),
    );
    const inUse = await this.queries.subscriptionsInUse(subscriptions.map((s) => s.objectId));
    await inBatches(
      subscriptions.filter((s) => !inUse.has(s.objectId)),
      async ({ objectId, token }) => {
        try {
          await this.meta.unsubscribe({ objectId, token: this.box.open(token) });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          this.logger.warn(`could not unsubscribe ${platform} ${objectId} from webhooks: ${reason}`);
        }
      },
    );
  }

  private changed(ownerId: string, platform: MetaChannel, message: string): void {
    this.events.emit(ownerId, { type: 'integration_changed', message, data: { platform } });
  }
}

/**
 * Runs Meta's calls, turning its failures into words for the owner: a refusal (4xx) quotes Meta, an
 * outage (5xx, rate limit, network) asks to try again.
 */
async function fromMeta<T>(calls: () => Promise<T>): Promise<T> {
  try {
    return await calls();
  } catch (error) {
    if (!(error instanceof MetaApiError)) throw error;
    if (error.retryable) {
      throw new DomainException(
        ErrorCode.ServiceUnavailable,
        'Facebook could not be reached. Please try again in a moment.',
      );
    }
    throw refused(`Facebook refused the connection: ${cut(error.message)}`);
  }
}

async function inBatches<T>(items: T[], run: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += META_CALLS_AT_ONCE) {
    await Promise.all(items.slice(i, i + META_CALLS_AT_ONCE).map(run));
  }
}

function cut(text: string): string {
  return text.length > META_REASON_MAX ? `${text.slice(0, META_REASON_MAX)}…` : text;
}
