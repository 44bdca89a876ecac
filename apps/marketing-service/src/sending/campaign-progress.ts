import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { EmailCampaignProgressData } from '@parley/contracts';
import { isoTime, OwnerEvents, sql } from '@parley/server-kit';
import type { CampaignRow } from '../campaigns/campaign.mapper';

/** A campaign's figures reach its page at most this often while they move. */
const EVERY_MS = 1000;

type ProgressRow = Pick<
  CampaignRow,
  'status' | 'total_recipients' | 'sent_count' | 'open_count' | 'click_count' | 'sent_at'
>;

/**
 * Sending progress over /ws (docs/email.md, "Progress"): an `email_campaign_progress` event with the
 * campaign's status and counts as they are in PostgreSQL. A mail sent, opened or clicked asks for one
 * within a second (a campaign of 10 000 mails sends a few dozen events, not 10 000); a change of status
 * (done) sends one at once. Fire-and-forget: a page that missed one reads the list again on reconnect.
 */
@Injectable()
export class CampaignProgress implements OnModuleDestroy {
  private readonly logger = new Logger(CampaignProgress.name);
  private readonly due = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly em: EntityManager,
    private readonly events: OwnerEvents,
  ) {}

  /** The campaign's counts moved: its page hears of it within EVERY_MS. */
  changed(ownerId: string, campaignId: string): void {
    if (this.due.has(campaignId)) return;
    const timer = setTimeout(() => {
      this.due.delete(campaignId);
      void this.now(ownerId, campaignId);
    }, EVERY_MS);
    timer.unref();
    this.due.set(campaignId, timer);
  }

  /** The campaign's status changed: its page hears of it now. */
  async now(ownerId: string, campaignId: string): Promise<void> {
    try {
      const [row] = await sql<ProgressRow>(
        this.em,
        `select status, total_recipients, sent_count, open_count, click_count, sent_at
           from email_campaigns where id = ? and owner_id = ?`,
        [campaignId, ownerId],
      );
      if (!row) return;
      const data: EmailCampaignProgressData = {
        campaignId,
        status: row.status,
        totalRecipients: row.total_recipients,
        sentCount: row.sent_count,
        openCount: row.open_count,
        clickCount: row.click_count,
        sentAt: row.sent_at === null ? null : isoTime(row.sent_at),
      };
      this.events.emit(ownerId, {
        type: 'email_campaign_progress',
        message: 'Campaign progress',
        data: { ...data },
      });
    } catch (error) {
      this.logger.warn(`progress of campaign ${campaignId} not sent: ${(error as Error).message}`);
    }
  }

  onModuleDestroy(): void {
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
  }
}
