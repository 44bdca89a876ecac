import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  type ChannelHealthProblem,
  type ChannelPlatform,
  HEALTH_FAILURES_IN_ROW,
  isChannelPlatform,
} from '@parley/contracts';
import { sql } from '@parley/server-kit';
import type { ChannelHealthCheck } from './channel-adapter';

/** A connected page as the periodic check asks its provider about it (its token sealed). */
export interface PageToCheck {
  /** The row's id (a page id is unique only per platform). */
  id: string;
  ownerId: string;
  platform: ChannelPlatform;
  pageId: string;
  pageName: string;
  businessAccountId: string | null;
  tokenSealed: string;
}

/** What the check found of one page, after putting back a missing subscription where it could. */
export interface CheckedPage {
  id: string;
  check: ChannelHealthCheck;
  /** Why a missing subscription could not be put back (the provider's words); null when it was, or not missing. */
  subscriptionError: string | null;
}

/** A page's sends since the last statement, in order, folded (foldSends). */
export interface SendOutcomes {
  ownerId: string;
  platform: ChannelPlatform;
  pageId: string;
  /** Whether one of them went out: the failures in a row start again from `failures`. */
  reset: boolean;
  /** Failures after the last that went out (all of them when none did). */
  failures: number;
  /** The last one's error; null when it went out. */
  lastError: string | null;
}

/** An integration whose degraded episode began (tell the owner) or ended. */
export interface HealthTurn {
  ownerId: string;
  platform: ChannelPlatform;
  degraded: boolean;
  problems: ChannelHealthProblem[];
  /** The provider's words or the last send's error, for the owner's mail. */
  detail: string | null;
}

/** Of an integration's pages: why it is degraded, in the contracts' order (channelHealthProblems). */
const PROBLEMS = `array_remove(array[
    case when bool_or(p.token_rejected_at is not null) then 'token_refused' end,
    case when bool_or(p.subscribed = false) then 'subscription_missing' end,
    case when max(p.send_failures) >= ${HEALTH_FAILURES_IN_ROW} then 'send_failures' end
  ], null)`;

/** A webhook's or a success's time is written at most this often per page (the hot paths stay cheap). */
export const TOUCH_EVERY_SECONDS = 5;

/**
 * The SQL of channel health (docs/channels.md, "Health"): what the periodic check found, webhooks in and
 * sends out per page, and the integration's degraded episode. Every write is keyed by owner or by the
 * page's row.
 */
@Injectable()
export class ChannelHealthQueries {
  constructor(private readonly em: EntityManager) {}

  /** Active pages after row id `after` (every owner's: the periodic check), `limit` at most, by id. */
  async pagesToCheck(after: string | null, limit: number): Promise<PageToCheck[]> {
    const rows = await sql<{
      id: string;
      owner_id: string;
      platform: string;
      page_id: string;
      page_name: string;
      business_account_id: string | null;
      access_token_enc: string;
    }>(
      this.em,
      `select id, owner_id, platform, page_id, page_name, business_account_id, access_token_enc
         from pages where is_active and (?::uuid is null or id > ?::uuid)
        order by id limit ?::int`,
      [after, after, limit],
    );
    return rows.flatMap((row) =>
      isChannelPlatform(row.platform)
        ? [
            {
              id: row.id,
              ownerId: row.owner_id,
              platform: row.platform,
              pageId: row.page_id,
              pageName: row.page_name,
              businessAccountId: row.business_account_id,
              tokenSealed: row.access_token_enc,
            },
          ]
        : [],
    );
  }

  /**
   * Stores what the provider said. A refused token marks the page (`token_rejected_at`, as a refused send
   * does) and an accepted one clears that mark; an unanswered question keeps what was known.
   */
  async storeCheck({ id, check, subscriptionError }: CheckedPage): Promise<void> {
    await sql(
      this.em,
      `update pages set health_checked_at = now(), updated_at = now(),
              token_rejected_at = case ?::text when 'refused' then coalesce(token_rejected_at, now())
                                               when 'valid' then null else token_rejected_at end,
              token_error = case ?::text when 'refused' then ?::text when 'valid' then null else token_error end,
              token_checked_at = case ?::text when 'valid' then now() else token_checked_at end,
              token_expires_at = case ?::text when 'valid' then ?::timestamptz else token_expires_at end,
              subscribed = coalesce(?::boolean, subscribed),
              subscription_error = case when ?::boolean is null then subscription_error else ?::text end
        where id = ?`,
      [
        check.token,
        check.token,
        check.reason ?? null,
        check.token,
        check.token,
        check.expiresAt ?? null,
        check.subscribed,
        check.subscribed,
        subscriptionError,
        id,
      ],
    );
  }

  /** A webhook arrived for these pages (at most every TOUCH_EVERY_SECONDS per page). */
  async webhooksSeen(pages: readonly { platform: ChannelPlatform; pageId: string }[]): Promise<void> {
    await sql(
      this.em,
      `update pages p set last_webhook_at = now()
         from jsonb_to_recordset(?::jsonb) as i(platform text, page_id text)
        where p.platform = i.platform and p.page_id = i.page_id
          and (p.last_webhook_at is null or p.last_webhook_at < now() - make_interval(secs => ?))`,
      [JSON.stringify(pages.map((p) => ({ platform: p.platform, page_id: p.pageId }))), TOUCH_EVERY_SECONDS],
    );
  }

  /**
   * Records sends, one row per page (foldSends); a run of successes writes its time at most every
   * TOUCH_EVERY_SECONDS. Answers the integrations whose degraded state these sends may have changed.
   */
  async sends(outcomes: readonly SendOutcomes[]): Promise<{ ownerId: string; platform: ChannelPlatform }[]> {
    const rows = await sql<{ owner_id: string; platform: ChannelPlatform; may_turn: boolean }>(
      this.em,
      `update pages p set last_send_at = now(), last_send_error = i.last_error,
              send_failures = case when i.reset then i.failures else p.send_failures + i.failures end
         from jsonb_to_recordset(?::jsonb)
           as i(owner_id uuid, platform text, page_id text, reset boolean, failures int, last_error text),
              integrations g
        where p.owner_id = i.owner_id and p.platform = i.platform and p.page_id = i.page_id
          and g.id = p.integration_id
          and not (i.reset and i.failures = 0 and p.send_failures = 0 and p.last_send_error is null
                   and p.last_send_at > now() - make_interval(secs => ?))
        returning p.owner_id, p.platform,
                  (p.send_failures >= ?) <> (g.degraded_since is not null) as may_turn`,
      [
        JSON.stringify(
          outcomes.map((o) => ({
            owner_id: o.ownerId,
            platform: o.platform,
            page_id: o.pageId,
            reset: o.reset,
            failures: o.failures,
            last_error: o.lastError,
          })),
        ),
        TOUCH_EVERY_SECONDS,
        HEALTH_FAILURES_IN_ROW,
      ],
    );
    return rows
      .filter((row) => row.may_turn)
      .map((row) => ({ ownerId: row.owner_id, platform: row.platform }));
  }

  /**
   * Starts or ends the integration's degraded episode when its pages say so, in one statement: of replicas
   * evaluating at once only one sees the change (the `where` is checked again on the locked row), so the
   * owner is told once. Undefined when nothing changed.
   */
  async turn(ownerId: string, platform: ChannelPlatform): Promise<HealthTurn | undefined> {
    const [row] = await sql<{
      owner_id: string;
      platform: ChannelPlatform;
      degraded: boolean;
      problems: ChannelHealthProblem[];
      detail: string | null;
    }>(
      this.em,
      `with h as (
         select i.id, ${PROBLEMS} as problems,
                coalesce(max(p.token_error), max(p.subscription_error),
                         (array_agg(p.last_send_error order by p.last_send_at desc nulls last))[1]) as detail
           from integrations i join pages p on p.integration_id = i.id
          where i.owner_id = ? and i.platform = ? and i.is_active
          group by i.id)
       update integrations i
          set degraded_since = case when cardinality(h.problems) > 0 then now() end, updated_at = now()
         from h
        where i.id = h.id and (cardinality(h.problems) > 0) <> (i.degraded_since is not null)
       returning i.owner_id, i.platform, i.degraded_since is not null as degraded, h.problems, h.detail`,
      [ownerId, platform],
    );
    return (
      row && {
        ownerId: row.owner_id,
        platform: row.platform,
        degraded: row.degraded,
        problems: row.problems,
        detail: row.detail,
      }
    );
  }
}

/** One page's sends in the order they ended (true: went out) → how the failures in a row move. */
export function foldSends(outcomes: readonly { ok: boolean; error: string | null }[]): {
  reset: boolean;
  failures: number;
  lastError: string | null;
} {
  let reset = false;
  let failures = 0;
  for (const outcome of outcomes) {
    if (outcome.ok) {
      reset = true;
      failures = 0;
    } else failures += 1;
  }
  return { reset, failures, lastError: outcomes.at(-1)?.error ?? null };
}
