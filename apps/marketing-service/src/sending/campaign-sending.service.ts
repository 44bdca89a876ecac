import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  type CampaignResponse,
  type CampaignStatus,
  DomainException,
  ErrorCode,
  type TestCampaignDto,
} from '@parley/contracts';
import { CampaignsService } from '../campaigns/campaigns.service';
import { toCampaignResponse, type CampaignRow } from '../campaigns/campaign.mapper';
import { MarketingConfig } from '../config/marketing.config';
import { campaignMail } from '../content/campaign-mail';
import { messageIdFor, unsubscribeUrl } from '../content/mail-links';
import { Senders } from '../content/senders';
import { CampaignMailer, refusalOf } from '../mail/mailer';
import { CampaignProgress } from './campaign-progress';
import { EmailQueues } from './email-queues';
import { PENDING_PAGE, SendingQueries } from './sending.queries';

/**
 * Sending a campaign (docs/email.md, "Sending"): Send moves a draft or scheduled campaign to sending (or,
 * for a scheduledAt still ahead, to scheduled with a start job at that time), creating one delivery per
 * subscribed subscriber and a job per delivery; pause stops it between mails, resume goes on from where it
 * stopped; test sends one mail to one address and counts nothing.
 */
@Injectable()
export class CampaignSendingService {
  private readonly logger = new Logger(CampaignSendingService.name);

  constructor(
    private readonly campaigns: CampaignsService,
    private readonly queries: SendingQueries,
    private readonly queues: EmailQueues,
    private readonly mailer: CampaignMailer,
    private readonly config: MarketingConfig,
    private readonly senders: Senders,
    private readonly progress: CampaignProgress,
  ) {}

  async send(ownerId: string, id: unknown): Promise<CampaignResponse> {
    const campaign = await this.campaigns.find(ownerId, id);
    const at = campaign.scheduled_at === null ? undefined : new Date(campaign.scheduled_at);
    if (at && at.getTime() > Date.now()) {
      const row = await this.queries.move(ownerId, campaign.id, ['draft', 'scheduled'], 'scheduled');
      if (!row) throw cannot('send', campaign.status);
      await this.queues.startAt(ownerId, campaign.id, at);
      return toCampaignResponse(row);
    }
    return toCampaignResponse(await this.start(ownerId, campaign, ['draft', 'scheduled']));
  }

  /** A scheduled campaign's start job: starts it if it is still scheduled and its time has come. */
  async startScheduled(ownerId: string, campaignId: string): Promise<void> {
    const campaign = await this.campaigns.find(ownerId, campaignId).catch(() => undefined);
    if (campaign?.status !== 'scheduled') return;
    if (campaign.scheduled_at !== null && new Date(campaign.scheduled_at).getTime() > Date.now() + 1000) return;
    await this.start(ownerId, campaign, ['scheduled']).catch(() => undefined);
  }

  async pause(ownerId: string, id: unknown): Promise<CampaignResponse> {
    const campaign = await this.campaigns.find(ownerId, id);
    const row = await this.queries.move(ownerId, campaign.id, ['sending', 'scheduled'], 'paused');
    if (!row) throw cannot('pause', campaign.status);
    return toCampaignResponse(row);
  }

  /** Goes on where it stopped: its pending deliveries are queued again (a campaign paused before it started starts now). */
  async resume(ownerId: string, id: unknown): Promise<CampaignResponse> {
    const campaign = await this.campaigns.find(ownerId, id);
    if (campaign.status !== 'paused') throw cannot('resume', campaign.status);
    if (!(await this.queries.hasDeliveries(campaign.id))) {
      return toCampaignResponse(await this.start(ownerId, campaign, ['paused']));
    }
    const row = await this.queries.move(ownerId, campaign.id, ['paused'], 'sending');
    if (!row) throw cannot('resume', campaign.status);
    this.queueSoon(ownerId, campaign.id);
    return toCampaignResponse(row);
  }

  /**
   * One mail of the campaign to `to.email`, as a subscriber without a name would get it; no delivery, no
   * count. Its unsubscribe link names no subscriber of the owner, so following it changes nothing.
   */
  async test(ownerId: string, id: unknown, to: TestCampaignDto): Promise<{ sent: true }> {
    const campaign = await this.campaigns.find(ownerId, id);
    const sender = await this.senders.of(ownerId);
    const mail = await campaignMail(contentOf(campaign), {
      recipient: { email: to.email, firstName: null, lastName: null },
      sender,
      unsubscribeUrl: unsubscribeUrl(this.config, { subscriberId: randomUUID() }),
      messageId: messageIdFor(this.config, `test-${randomUUID()}`),
    });
    try {
      await this.mailer.send({ ...mail, from: { name: sender.companyName, address: this.senders.fromAddress() } });
    } catch (error) {
      const refusal = refusalOf(error);
      throw refusal.kind === 'permanent'
        ? new DomainException(ErrorCode.ValidationFailed, `The mail server refused ${to.email}: ${refusal.reason}`, {
            field: 'email',
          })
        : new DomainException(ErrorCode.ServiceUnavailable, `The mail server did not take the mail: ${refusal.reason}`);
    }
    return { sent: true };
  }

  /**
   * Queues every delivery of the campaign still to send, a page of ids at a time (a campaign to 100 000
   * holds 1 000 ids and jobs in memory at once, not 100 000; the reconciler does this every minute for
   * every sending campaign); a campaign with none left is sent.
   */
  async queueRest(ownerId: string, campaignId: string): Promise<number> {
    let queued = 0;
    for (let after: string | null = null; ; ) {
      const page = await this.queries.pendingIds(campaignId, after);
      await this.queues.deliverInBatches(ownerId, page);
      queued += page.length;
      if (page.length < PENDING_PAGE) break;
      after = page[page.length - 1];
    }
    if (await this.queries.finishIfDone(campaignId)) await this.progress.now(ownerId, campaignId);
    return queued;
  }

  private async start(ownerId: string, campaign: CampaignRow, from: CampaignStatus[]): Promise<CampaignRow> {
    const row = await this.queries.begin(ownerId, campaign.id, from);
    if (!row) throw cannot('send', campaign.status);
    this.queueSoon(ownerId, campaign.id);
    return row;
  }

  /**
   * Queues the campaign's deliveries after the answer: the campaign is `sending` with every delivery
   * written (committed by begin), and queueing 10 000 jobs took longer than the gateway waits for an answer
   * on a busy machine (a 504 for a send that went on). Should this process die first, the reconciler's
   * next pass queues them (within a minute).
   */
  private queueSoon(ownerId: string, campaignId: string): void {
    this.queueRest(ownerId, campaignId).catch((error: unknown) =>
      this.logger.warn(
        `campaign ${campaignId}: its deliveries are not all queued yet (${String(error)}); the reconciler's next pass queues them`,
      ),
    );
  }
}

/** What a campaign's mail is made of. */
export function contentOf(campaign: Pick<CampaignRow, 'subject' | 'html_content' | 'text_content'>) {
  return { subject: campaign.subject, html: campaign.html_content, text: campaign.text_content };
}

function cannot(action: string, status: CampaignStatus): DomainException {
  return new DomainException(ErrorCode.Conflict, `A ${status} campaign cannot ${action}`, { status });
}
