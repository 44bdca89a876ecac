import { Injectable, Logger } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  type IntegrationMovedData,
  type ChannelPlatform,
  type OAuthCallbackResult,
  type OAuthConnectResponse,
  PLATFORM_NAMES,
  type SocialIntegrationResponse,
} from '@parley/contracts';
import { EntityManager } from '@mikro-orm/postgresql';
import { appendAudit, OwnerEvents } from '@parley/server-kit';
import { IntegrationsConfig } from '../config/integrations.config';
import {
  type ChannelAdapter,
  ChannelApiError,
  type ChannelAsset,
  ChannelRefusal,
} from '../channels/channel-adapter';
import { requireChannel } from '../channels/channel-platform';
import { ChannelRegistry } from '../channels/channel-registry';
import { inBatches } from '../channels/in-batches';
import { SecretBox } from '../secrets/secret-box';
import { integrationFromRow } from './connections.mapper';
import {
  ConnectionsQueries,
  type MovedPage,
  PageTakenError,
  type RemovedConnection,
  type RemovedPage,
} from './connections.queries';
import type { OAuthCallbackDto } from './oauth-callback.dto';
import { type CallbackCaller, connectRefusal, OAuthStates } from './oauth-states';
import { newPkce } from './pkce';

/** A provider's own words in a log line are cut to this many characters. */
const PROVIDER_REASON_MAX = 300;

/**
 * Connecting a channel (docs/channels.md), whichever adapter serves it: the provider's authorisation page
 * with a signed, single-use state; the callback's code for a token, the pages / accounts / numbers it
 * reaches, their webhook subscriptions and their storage (tokens sealed); the list; the disconnect.
 * Nothing here logs or answers a token.
 */
@Injectable()
export class ConnectionsService {
  private readonly logger = new Logger(ConnectionsService.name);

  constructor(
    private readonly config: IntegrationsConfig,
    private readonly queries: ConnectionsQueries,
    private readonly channels: ChannelRegistry,
    private readonly states: OAuthStates,
    private readonly box: SecretBox,
    private readonly events: OwnerEvents,
    private readonly em: EntityManager,
  ) {}

  /**
   * The provider's authorisation page for `platform`, with a state for this owner's browser session
   * (`binding`), and a PKCE challenge whose verifier stays with the state when the provider uses PKCE.
   */
  async connectUrl(ownerId: string, platformText: string, binding: string): Promise<OAuthConnectResponse> {
    const platform = requireChannel(platformText);
    const channel = this.channels.forPlatform(platform);
    const pkce = channel.usesPkce ? newPkce() : undefined;
    const state = await this.states.issue(ownerId, platform, binding, pkce?.verifier);
    return { authUrl: channel.authUrl(platform, state, this.redirectUri(platform), pkce?.challenge) };
  }

  /**
   * The provider's redirect back, brought by `caller` (the callback's session). The state is checked and
   * used up first (it names the owner and the session it was issued to), whatever else the query says;
   * then the provider's refusal, the code's exchange, the assets, their subscriptions, and one transaction
   * storing them. Any failure stores nothing and says why with a ConnectFailure.
   *
   * A page another Parley account holds is taken from it when this grant proves control of the page (an
   * admin's consent: the asset's `provesControl`), and that account is told; otherwise it is refused.
   */
  async completeConnect(callback: OAuthCallbackDto, caller: CallbackCaller): Promise<OAuthCallbackResult> {
    const platform = requireChannel(callback.platform);
    const { ownerId, codeVerifier } = await this.states.redeem(platform, callback.state, caller);
    const channel = this.channels.forPlatform(platform);
    if (callback.error) {
      throw connectRefusal('denied', `${channel.consentName} refused the connection.`);
    }
    const code = callback.code;
    if (!code)
      throw connectRefusal('no_code', `${channel.consentName} sent no authorization code. Please try again.`);
    const grant = await fromProvider(channel, () =>
      channel.connect(platform, code, this.redirectUri(platform), codeVerifier),
    );
    const { assets } = grant;
    if (assets.length === 0) throw connectRefusal('no_assets', channel.noAssets(platform));
    const taken = await this.queries.takenByOthers(
      ownerId,
      platform,
      assets.map((asset) => asset.pageId),
    );
    const held = taken.find((pageId) => !assets.some((a) => a.pageId === pageId && a.provesControl));
    if (held !== undefined) throw this.takenError(channel, platform, assets, held);
    await fromProvider(channel, () => channel.subscribe(platform, assets));
    let moved: MovedPage[];
    try {
      // The connection and its audit entry (docs/teams.md, "Audit log") in one transaction; the pages' names,
      // never a token.
      moved = await this.em.transactional(async () => {
        const taken = await this.queries.saveConnection(ownerId, platform, {
          metaUserId: grant.accountId,
          tokenSealed: this.box.seal(grant.token),
          tokenExpiresAt: grant.expiresAt,
          refreshTokenSealed: grant.refreshToken === null ? null : this.box.seal(grant.refreshToken),
          assets: assets.map((asset) => ({ ...asset, token: this.box.seal(asset.token) })),
          reclaim: assets.filter((asset) => asset.provesControl).map((asset) => asset.pageId),
        });
        await appendAudit(this.em, ownerId, caller.userId ?? null, {
          action: 'channel.connected',
          subject: { type: 'channel', id: platform, label: PLATFORM_NAMES[platform] },
          after: { pages: assets.map((asset) => asset.pageName) },
        });
        return taken;
      });
    } catch (error) {
      if (error instanceof PageTakenError) throw this.takenError(channel, platform, assets, error.pageId);
      throw error;
    }
    this.changed(ownerId, platform, `${PLATFORM_NAMES[platform]} connected.`);
    this.tellMoved(platform, moved);
    return { platform, connected: assets.length };
  }

  async list(ownerId: string): Promise<SocialIntegrationResponse[]> {
    const now = Date.now();
    return (await this.queries.list(ownerId)).map((row) => integrationFromRow(row, now));
  }

  /**
   * Forgets the tokens and removes the pages, then stops each webhook subscription no other connected
   * page needs, then revokes the grant at the provider (ChannelAdapter.revoke). The provider failing to
   * unsubscribe or revoke is logged, not fatal: its events for a page nobody has connected are
   * acknowledged and dropped.
   */
  async disconnect(
    ownerId: string,
    platformText: string,
    userId: string,
  ): Promise<{ platform: ChannelPlatform }> {
    const platform = requireChannel(platformText);
    const removed = await this.em.transactional(async () => {
      const connection = await this.queries.disconnect(ownerId, platform);
      if (connection === undefined) {
        throw new DomainException(ErrorCode.NotFound, `${PLATFORM_NAMES[platform]} is not connected.`);
      }
      await appendAudit(this.em, ownerId, userId, {
        action: 'channel.disconnected',
        subject: { type: 'channel', id: platform, label: PLATFORM_NAMES[platform] },
        before: { pages: connection.pages.map((page) => page.pageName) },
      });
      return connection;
    });
    await this.unsubscribe(platform, removed.pages);
    await this.revoke(platform, removed);
    this.changed(ownerId, platform, `${PLATFORM_NAMES[platform]} disconnected.`);
    return { platform };
  }

  /** Where the provider sends the browser back: the gateway's callback (the same in the dialog and the exchange). */
  private redirectUri(platform: ChannelPlatform): string {
    return `${this.config.PUBLIC_URL}/api/auth/${platform}/callback`;
  }

  private takenError(
    channel: ChannelAdapter,
    platform: ChannelPlatform,
    assets: ChannelAsset[],
    pageId: string,
  ): DomainException {
    const name = assets.find((asset) => asset.pageId === pageId)?.pageName;
    const noun = channel.assetNoun(platform);
    const what = name === undefined ? `This ${noun}` : `The ${noun} "${name}"`;
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
  private tellMoved(platform: ChannelPlatform, moved: MovedPage[]): void {
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
  private async unsubscribe(platform: ChannelPlatform, removed: RemovedPage[]): Promise<void> {
    const channel = this.channels.forPlatform(platform);
    const subscriptions = channel.subscriptions(
      platform,
      removed.map((page) => ({ ...page, token: page.tokenSealed })),
    );
    const near = await this.queries.pagesNear(subscriptions.map((s) => s.objectId));
    const inUse = new Set(
      near.flatMap((page) =>
        this.channels
          .forPlatform(page.platform)
          .subscriptions(page.platform, [{ ...page, token: '' }])
          .map((s) => s.objectId),
      ),
    );
    await inBatches(
      subscriptions.filter((s) => !inUse.has(s.objectId)),
      async ({ objectId, token }) => {
        try {
          await channel.unsubscribe({ objectId, token: this.box.open(token) });
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          this.logger.warn(`could not unsubscribe ${platform} ${objectId} from webhooks: ${reason}`);
        }
      },
    );
  }

  private async revoke(platform: ChannelPlatform, removed: RemovedConnection): Promise<void> {
    try {
      await this.channels.forPlatform(platform).revoke({
        token: this.openOrNull(removed.tokenSealed),
        refreshToken: this.openOrNull(removed.refreshTokenSealed),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn(`could not revoke the ${platform} grant: ${reason}`);
    }
  }

  private openOrNull(sealed: string | null): string | null {
    return sealed === null ? null : this.box.open(sealed);
  }

  private changed(ownerId: string, platform: ChannelPlatform, message: string): void {
    this.events.emit(ownerId, { type: 'integration_changed', message, data: { platform } });
  }
}

/**
 * Runs the provider's calls, turning its failures into words for the owner: a refusal (4xx) quotes the
 * provider (in the log only), an outage (5xx, rate limit, network) asks to try again.
 */
async function fromProvider<T>(channel: ChannelAdapter, calls: () => Promise<T>): Promise<T> {
  try {
    return await calls();
  } catch (error) {
    if (error instanceof ChannelRefusal) throw connectRefusal(error.failure, error.message);
    if (!(error instanceof ChannelApiError)) throw error;
    if (error.retryable) {
      throw connectRefusal(
        'provider_unavailable',
        `${channel.consentName} could not be reached. Please try again in a moment.`,
        ErrorCode.ServiceUnavailable,
      );
    }
    // The provider's words go to the log, never to the browser.
    throw connectRefusal(
      'provider_refused',
      `${channel.consentName} refused the connection: ${cut(error.message)}`,
    );
  }
}

function cut(text: string): string {
  return text.length > PROVIDER_REASON_MAX ? `${text.slice(0, PROVIDER_REASON_MAX)}…` : text;
}
