import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type ChannelPlatform, isChannelPlatform } from '@parley/contracts';
import { sql } from '@parley/server-kit';
import type { IntegrationRow } from './connections.mapper';
import type { ChannelAsset } from '../channels/channel-adapter';

/** An asset to store, its token already sealed (SecretBox). */
export type SealedAsset = ChannelAsset;

/** A connection to store: the granting account's sealed token and the assets it reaches. */
export interface NewConnection {
  /**
   * The provider's id of the account that granted access (ChannelGrant.accountId), in the column
   * `meta_user_id`: named when Meta was the only provider.
   */
  metaUserId: string;
  tokenSealed: string;
  tokenExpiresAt: Date | null;
  /** The sealed refresh token of `tokenSealed` (ChannelGrant.refreshToken), null when there is none. */
  refreshTokenSealed: string | null;
  assets: SealedAsset[];
  /** Pages of `assets` that may be taken from whichever other owner holds them (the grant proves control). */
  reclaim: string[];
}

/** A page a connection took from another owner, and whether that owner's integration was left empty. */
export interface MovedPage {
  fromOwnerId: string;
  pageId: string;
  pageName: string;
  /** The old owner's integration lost its last page, and was turned inactive. */
  emptied: boolean;
}

/** A page removed by a disconnect, with its sealed token (to unsubscribe with, then forgotten). */
export interface RemovedPage {
  pageId: string;
  pageName: string;
  businessAccountId: string | null;
  tokenSealed: string;
}

/** What a disconnect removed: the pages, and the integration's sealed tokens (to revoke, then forgotten). */
export interface RemovedConnection {
  pages: RemovedPage[];
  tokenSealed: string | null;
  refreshTokenSealed: string | null;
}

/** An oauth_states row taken by `redeemState`. */
export interface RedeemedState {
  ownerId: string;
  /** The browser session the state was issued to (null on states issued before sessions were bound). */
  binding: string | null;
  /** The PKCE verifier kept with the state, sealed; null when the provider uses none. */
  verifierSealed: string | null;
  expired: boolean;
}

/**
 * Another owner's page (same platform and id) refused the write of a connection; nothing was stored.
 * Connecting moves a page between accounts only when the grant proves control of it (`reclaim`).
 */
/** A connected page, as its webhook subscription needs it. */
export interface SubscribedPage {
  platform: ChannelPlatform;
  pageId: string;
  businessAccountId: string | null;
}

export class PageTakenError extends Error {
  constructor(readonly pageId: string) {
    super('A page of this connection belongs to another owner');
  }
}

/** Expired states are kept a day (so a late click still reads "expired"), then swept by the next issue. */
const EXPIRED_STATES_KEPT = "interval '1 day'";

/**
 * The SQL of connections: the only place that reads or writes integrations, their pages' ownership and
 * oauth_states. Tokens come in sealed and go out sealed; every query filters by owner_id, except the
 * page-ownership checks, whose point is to see every owner's pages.
 */
@Injectable()
export class ConnectionsQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Records a state's nonce for its owner, session and platform (with its sealed PKCE verifier, if any),
   * valid `ttlMs`; sweeps long-expired ones.
   */
  async saveState(
    nonce: string,
    ownerId: string,
    platform: string,
    binding: string,
    verifierSealed: string | null,
    ttlMs: number,
  ): Promise<void> {
    await sql(this.em, `delete from oauth_states where expires_at < now() - ${EXPIRED_STATES_KEPT}`);
    await sql(
      this.em,
      `insert into oauth_states (nonce, owner_id, platform, binding, code_verifier_enc, expires_at)
       values (?, ?, ?, ?, ?, now() + make_interval(secs => ?))`,
      [nonce, ownerId, platform, binding, verifierSealed, ttlMs / 1000],
    );
  }

  /**
   * Takes the state's row, once: the delete is the use, so of two callbacks with the same state only one
   * gets the row. Undefined when there is none (used, swept, or never issued for this platform).
   */
  async redeemState(nonce: string, platform: string): Promise<RedeemedState | undefined> {
    const [row] = await sql<{
      owner_id: string;
      binding: string | null;
      code_verifier_enc: string | null;
      expired: boolean;
    }>(
      this.em,
      `delete from oauth_states where nonce = ? and platform = ?
       returning owner_id, binding, code_verifier_enc, expires_at <= now() as expired`,
      [nonce, platform],
    );
    return (
      row && {
        ownerId: row.owner_id,
        binding: row.binding,
        verifierSealed: row.code_verifier_enc,
        expired: row.expired,
      }
    );
  }

  /** Which of `pageIds` on `platform` another owner has connected. */
  async takenByOthers(ownerId: string, platform: ChannelPlatform, pageIds: string[]): Promise<string[]> {
    const rows = await sql<{ page_id: string }>(
      this.em,
      'select page_id from pages where platform = ? and page_id = any(?::text[]) and owner_id <> ?',
      [platform, pageIds, ownerId],
    );
    return rows.map((row) => row.page_id);
  }

  /**
   * Stores the connection in one transaction: the integration (created, or renewed with the new token,
   * active and configured), its pages as granted now (pages no longer granted are removed). The pages of
   * `reclaim` are first taken from the other owners holding them; an integration so left without pages is
   * turned inactive, as a disconnect would. Rejects with PageTakenError, storing nothing, when another
   * owner holds a page not in `reclaim`. Answers the pages moved.
   */
  async saveConnection(
    ownerId: string,
    platform: ChannelPlatform,
    connection: NewConnection,
  ): Promise<MovedPage[]> {
    return this.em.transactional(async (em) => {
      const moved = await sql<{
        owner_id: string;
        integration_id: string;
        page_id: string;
        page_name: string;
      }>(
        em,
        `delete from pages where platform = ? and page_id = any(?::text[]) and owner_id <> ?
         returning owner_id, integration_id, page_id, page_name`,
        [platform, connection.reclaim, ownerId],
      );
      const emptied = await sql<{ id: string }>(
        em,
        `update integrations i set access_token_enc = null, refresh_token_enc = null, token_expires_at = null,
                is_active = false, is_configured = false, degraded_since = null, updated_at = now()
          where i.id = any(?::uuid[]) and not exists (select 1 from pages p where p.integration_id = i.id)
          returning i.id`,
        [moved.map((row) => row.integration_id)],
      );
      const emptiedIds = new Set(emptied.map((row) => row.id));
      const [integration] = await sql<{ id: string }>(
        em,
        `insert into integrations
           (id, owner_id, platform, meta_user_id, access_token_enc, refresh_token_enc, token_expires_at,
            is_active, is_configured, last_sync)
         values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, true, true, now())
         on conflict (owner_id, platform) do update set
           meta_user_id = excluded.meta_user_id, access_token_enc = excluded.access_token_enc,
           refresh_token_enc = excluded.refresh_token_enc, token_expires_at = excluded.token_expires_at,
           is_active = true, is_configured = true, last_sync = now(), degraded_since = null, updated_at = now()
         returning id`,
        [
          ownerId,
          platform,
          connection.metaUserId,
          connection.tokenSealed,
          connection.refreshTokenSealed,
          connection.tokenExpiresAt,
        ],
      );
      const pageIds = connection.assets.map((asset) => asset.pageId);
      await sql(em, 'delete from pages where integration_id = ? and page_id <> all(?::text[])', [
        integration.id,
        pageIds,
      ]);
      // A page another owner holds is not updated (the `where`), so it is missing from `returning`.
      const stored = await sql<{ page_id: string }>(
        em,
        `insert into pages
           (id, owner_id, integration_id, platform, page_id, page_name, access_token_enc, business_account_id, last_sync,
            token_checked_at, subscribed)
         select gen_random_uuid(), ?, ?, ?, a.page_id, a.page_name, a.token, a.business_account_id, now(), now(), true
           from jsonb_to_recordset(?::jsonb) as a(page_id text, page_name text, token text, business_account_id text)
         on conflict (platform, page_id) do update set
           integration_id = excluded.integration_id, page_name = excluded.page_name,
           access_token_enc = excluded.access_token_enc, business_account_id = excluded.business_account_id,
           is_active = true, token_rejected_at = null, last_sync = now(), updated_at = now(),
           -- A new consent, just subscribed: its health starts again.
           token_error = null, token_checked_at = now(), token_expires_at = null, subscribed = true,
           subscription_error = null, send_failures = 0, last_send_error = null
         where pages.owner_id = excluded.owner_id
         returning page_id`,
        [
          ownerId,
          integration.id,
          platform,
          JSON.stringify(
            connection.assets.map((asset) => ({
              page_id: asset.pageId,
              page_name: asset.pageName,
              token: asset.token,
              business_account_id: asset.businessAccountId,
            })),
          ),
        ],
      );
      const storedIds = new Set(stored.map((row) => row.page_id));
      const taken = pageIds.find((pageId) => !storedIds.has(pageId));
      if (taken !== undefined) throw new PageTakenError(taken);
      return moved.map((row) => ({
        fromOwnerId: row.owner_id,
        pageId: row.page_id,
        pageName: row.page_name,
        emptied: emptiedIds.has(row.integration_id),
      }));
    });
  }

  /**
   * The owner's integrations (connected or not), by platform, with their pages in the order connected and
   * their health over those pages (the worst of each fact, the latest of each time).
   */
  list(ownerId: string): Promise<IntegrationRow[]> {
    return sql<IntegrationRow>(
      this.em,
      `select i.platform, i.is_active, i.is_configured, i.last_sync, x.access_expires_at,
              coalesce(bool_or(p.token_rejected_at is not null), false)
                or coalesce(x.access_expires_at <= now(), false) as needs_reconnect,
              coalesce(json_agg(json_build_object('pageId', p.page_id, 'pageName', p.page_name)
                                order by p.created_at, p.page_name) filter (where p.id is not null),
                       '[]') as pages,
              json_build_object(
                'tokenRefused', coalesce(bool_or(p.token_rejected_at is not null), false),
                'tokenChecked', coalesce(bool_and(p.token_checked_at is not null), false),
                'tokenExpiresAt', least(min(p.token_expires_at), x.access_expires_at),
                'tokenError', max(p.token_error),
                'subscribed', case when bool_or(p.subscribed = false) then false
                                   when bool_and(p.subscribed) then true end,
                'subscriptionError', max(p.subscription_error),
                'lastWebhookAt', max(p.last_webhook_at),
                'lastSendAt', max(p.last_send_at),
                'lastSendError', (array_agg(p.last_send_error order by p.last_send_at desc nulls last))[1],
                'failuresInRow', coalesce(max(p.send_failures), 0),
                'checkedAt', min(p.health_checked_at),
                'degradedSince', i.degraded_since) as health
         from integrations i left join pages p on p.integration_id = i.id
              -- WhatsApp numbers are reached with the owner's user token, which Meta ends about 60 days after
              -- the connect (ChannelAdapter.connect); Facebook and Instagram page tokens do not expire.
              cross join lateral (select case when i.platform = 'whatsapp' then i.token_expires_at end
                                           as access_expires_at) x
        where i.owner_id = ?
        group by i.id, x.access_expires_at
        order by i.platform`,
      [ownerId],
    );
  }

  /**
   * Disconnects in one transaction: the integration forgets its tokens and turns inactive, its pages are
   * removed. Answers the removed pages and the tokens as they were; undefined when the owner has no active
   * integration there.
   */
  disconnect(ownerId: string, platform: ChannelPlatform): Promise<RemovedConnection | undefined> {
    return this.em.transactional(async (em) => {
      const [integration] = await sql<{
        id: string;
        access_token_enc: string | null;
        refresh_token_enc: string | null;
      }>(
        em,
        `with old as (
           select id, access_token_enc, refresh_token_enc from integrations
            where owner_id = ? and platform = ? and is_active for update)
         update integrations i set access_token_enc = null, refresh_token_enc = null, token_expires_at = null,
                is_active = false, is_configured = false, degraded_since = null, updated_at = now()
           from old where i.id = old.id
         returning i.id, old.access_token_enc, old.refresh_token_enc`,
        [ownerId, platform],
      );
      if (integration === undefined) return undefined;
      const pages = await sql<{
        page_id: string;
        page_name: string;
        business_account_id: string | null;
        access_token_enc: string;
      }>(
        em,
        `delete from pages where integration_id = ?
         returning page_id, page_name, business_account_id, access_token_enc`,
        [integration.id],
      );
      return {
        pages: pages.map((page) => ({
          pageId: page.page_id,
          pageName: page.page_name,
          businessAccountId: page.business_account_id,
          tokenSealed: page.access_token_enc,
        })),
        tokenSealed: integration.access_token_enc,
        refreshTokenSealed: integration.refresh_token_enc,
      };
    });
  }

  /**
   * The connected pages that may share a webhook subscription with `objectIds` (the page itself, or its
   * parent: a Facebook page may also serve another owner's Instagram account; a WhatsApp Business account
   * other numbers). Which subscription each needs is its channel's rule (ChannelAdapter.subscriptions).
   */
  async pagesNear(objectIds: string[]): Promise<SubscribedPage[]> {
    const rows = await sql<{ platform: string; page_id: string; business_account_id: string | null }>(
      this.em,
      `select platform, page_id, business_account_id
         from pages where page_id = any(?::text[]) or business_account_id = any(?::text[])`,
      [objectIds, objectIds],
    );
    return rows.flatMap((row) =>
      isChannelPlatform(row.platform)
        ? [{ platform: row.platform, pageId: row.page_id, businessAccountId: row.business_account_id }]
        : [],
    );
  }
}
