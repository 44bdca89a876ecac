import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';

/** The delivery whose first open or click was just counted. */
export interface CountedDelivery {
  owner_id: string;
  /** Null for a sequence's mail (no campaign count to raise). */
  campaign_id: string | null;
}

/**
 * The SQL of tracking (docs/email.md, "Tracking"): a sent delivery's first open and first click are
 * stamped once (`opened_at`, `clicked_at` stay as first set) and raise its campaign's counts in the same
 * transaction, so a pixel loaded twice or a link followed twice counts once. A delivery still `sending`
 * counts too: the server took the mail before we stamped it sent, and its reader was quick.
 */
@Injectable()
export class EmailTrackingQueries {
  constructor(private readonly em: EntityManager) {}

  /** The delivery's first open; undefined when it was opened before or its mail never went out. */
  opened(deliveryId: string): Promise<CountedDelivery | undefined> {
    return this.em.fork().transactional(async (em) => {
      const [row] = await sql<CountedDelivery>(
        em,
        `update email_deliveries set opened_at = now()
          where id = ? and status in ('sending', 'sent') and opened_at is null returning owner_id, campaign_id`,
        [deliveryId],
      );
      if (row?.campaign_id) {
        await sql(em, 'update email_campaigns set open_count = open_count + 1 where id = ?', [
          row.campaign_id,
        ]);
      }
      return row;
    });
  }

  /**
   * The delivery's first click, which is its open too when the pixel did not load (images off); undefined
   * when it was clicked before or its mail never went out.
   */
  clicked(deliveryId: string): Promise<CountedDelivery | undefined> {
    return this.em.fork().transactional(async (em) => {
      const [before] = await sql<{ unopened: boolean }>(
        em,
        `select opened_at is null as unopened from email_deliveries
          where id = ? and status in ('sending', 'sent') and clicked_at is null for update`,
        [deliveryId],
      );
      if (!before) return undefined;
      const [row] = await sql<CountedDelivery>(
        em,
        `update email_deliveries set clicked_at = now(), opened_at = coalesce(opened_at, now())
          where id = ? returning owner_id, campaign_id`,
        [deliveryId],
      );
      if (row.campaign_id) {
        await sql(
          em,
          'update email_campaigns set click_count = click_count + 1, open_count = open_count + ?::int where id = ?',
          [before.unopened ? 1 : 0, row.campaign_id],
        );
      }
      return row;
    });
  }
}
