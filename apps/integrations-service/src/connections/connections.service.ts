import { Injectable, Logger } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  type IntegrationMovedData,
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
import { ConnectionsQueries, type MovedPage, PageTakenError, type RemovedPage } from './connections.queries';
import { type ChannelAsset, MetaAccountsClient, subscriptionsOf } from './meta-accounts.client';
import type { OAuthCallbackDto } from './oauth-callback.dto';
import { type CallbackCaller, connectRefusal, OAuthStates } from './oauth-states';

/** Subscriptions made (or removed) at once with Meta: an owner may have many pages. */
const META_CALLS_AT_ONCE = 5;

/** Meta's own words in a log line are cut to this many characters. */
const META_REASON_MAX = 300;

const NO_ASSETS: Record<MetaChannel, string> = {
  facebook: 'No Facebook pages were found on this account.',
  instagram: 'No Instagram business accounts were found on this account. Link one to a Facebook page first.',
  whatsapp: 'No WhatsApp phone numbers were found on this account.',
};

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
    private readonly states: OAuthStates,
    private readonly box: SecretBox,
    private readonly events: OwnerEvents,
  ) {}

  /**
   * Meta's OAuth dialog for `platform`, with the scopes it needs and a state for this owner's browser
   * session (`binding`).
   */
  async connectUrl(ownerId: string, platformText: string, binding: string): Promise<OAuthConnectResponse> {
    const platform = requireChannel(platformText);
    const state = await this.states.issue(ownerId, platform, binding);
    const url = new URL(this.config.META_OAUTH_URL);
    url.searchParams.set('client_id', this.config.META_APP_ID);
    url.searchParams.set('redirect_uri', this.redirectUri(platform));
    url.searchParams.set('state', state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', CONNECT_SCOPES[platform].join(','));
    return { authUrl: url.toString() };
  }

  /**
   * Meta's redirect back, brought by `caller` (the callback's session). The state is checked and used up
   * first (it names the owner and the session it was issued to), whatever else the query says; then
   * Meta's refusal, the code's exchange, the assets, their subscriptions, and one transaction storing
   * them. Any failure stores nothing and says why with a ConnectFailure.
   *
   * A page another Parley account holds is taken from it when this grant proves control of the page (an
   * admin's consent: MetaAccountsClient's `provesControl`), and that account is told; otherwise it is
   * refused, as before.
   */
  async completeConnect(callback: OAuthCallbackDto, caller: CallbackCaller): Promise<OAuthCallbackResult> {
    const platform = requireChannel(callback.platform);
    const ownerId = await this.states.redeem(platform, callback.state, caller);
    if (callback.error) {
      throw connectRefusal('denied', 'Facebook refused the connection.');
    }
    const code = callback.code;
    if (!code) throw connectRefusal('no_code', 'Facebook sent no authorization code. Please try again.');
    const grant = await fromMeta(() => this.meta.grant(code, this.redirectUri(platform)));
    const assets = await fromMeta(() => this.meta.assets(platform, grant.token));
    if (assets.length === 0) throw connectRefusal('no_assets', NO_ASSETS[platform]);
    const taken = await this.queries.takenByOthers(
      ownerId,
      platform,
      assets.map((asset) => asset.pageId),
    );
    const held = taken.find((pageId) => !assets.some((a) => a.pageId === pageId && a.provesControl));
    if (held !== undefined) throw this.takenError(platform, assets, held);
    await fromMeta(() =>
      inBatches(subscriptionsOf(platform, assets), (subscription) =>
        this.meta.subscribe(platform, subscription),
      ),
    );
    let moved: MovedPage[];
    try {
      moved = await this.queries.saveConnection(ownerId, platform, {
        metaUserId: grant.metaUserId,
        tokenSealed: this.box.seal(grant.token),
        tokenExpiresAt: grant.expiresAt,
        assets: assets.map((asset) => ({ ...asset, token: this.box.seal(asset.token) })),
        reclaim: assets.filter((asset) => asset.provesControl).map((asset) => asset.pageId),
      });
    } catch (error) {
      if (error instanceof PageTakenError) throw this.takenError(platform, assets, error.pageId);
      throw error;
    }
    this.changed(ownerId, platform, `${PLATFORM_NAMES[platform]} connected.`);
    this.tellMoved(platform, moved);
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

  private takenError(platform: MetaChannel, assets: ChannelAsset[], pageId: string): DomainException {
    const name = assets.find((asset) => asset.pageId === pageId)?.pageName;
    const what =
      name === undefined ? `This ${ASSET_NOUNS[platform]}` : `The ${ASSET_NOUNS[platform]} "${name}"`;
    return connectRefusal(
      'already_connected',
      `${what} is already connected to another Parley account.`,
      ErrorCode.Conflict,
    );
  }

  /**
   * Each owner who lost pages to this connection is told on their open tabs, with the pages' names (a
   * popup), and their lists refresh; an integration left without pages shows as not connected.
   */
  private tellMoved(platform: MetaChannel, moved: MovedPage[]): void {
    const byOwner = new Map<string, MovedPage[]>();
    for (const page of moved) byOwner.set(page.fromOwnerId, [...(byOwner.get(page.fromOwnerId) ?? []), page]);
    for (const [ownerId, pages] of byOwner) {
      const names = pages.map((page) => page.pageName);
      this.logger.log(
        `${platform} ${pages.map((page) => page.pageId).join(', ')} moved from ${ownerId} by an admin's consent`,
      );
      const data: IntegrationMovedData = { platform, pages: names };
      this.events.emit(ownerId, {
        type: 'integration_moved',
        message: `${names.map((name) => `"${name}"`).join(', ')} (${PLATFORM_NAMES[platform]}) was connected to another Parley account by an admin of it.`,
        data: { ...data },
      });
    }
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
      throw connectRefusal(
        'provider_unavailable',
        'Facebook could not be reached. Please try again in a moment.',
        ErrorCode.ServiceUnavailable,
      );
    }
    // Meta's words go to the log, never to the browser.
    throw connectRefusal('provider_refused', `Facebook refused the connection: ${cut(error.message)}`);
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
