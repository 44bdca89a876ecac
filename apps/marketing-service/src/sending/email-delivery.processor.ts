import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bull';
import { MarketingConfig } from '../config/marketing.config';
import { campaignMail, type MailContent, threadText } from '../content/campaign-mail';
import { messageIdFor, trackingFor, unsubscribeUrl } from '../content/mail-links';
import { Senders } from '../content/senders';
import { CampaignMailer, refusalOf } from '../mail/mailer';
import { OwnerSendRate } from '../mail/owner-send-rate';
import { CampaignProgress } from './campaign-progress';
import { CampaignSendingService } from './campaign-sending.service';
import { type CampaignStartJob, type EmailDeliveryJob, EmailQueues } from './email-queues';
import { type ClaimedDelivery, SendingQueries, type ThreadItem } from './sending.queries';
import { ThreadCopies } from './thread-copies';

/** Mails sent at once by each replica: a send mostly waits on the SMTP server, not on this process. */
const CONCURRENCY = 10;

/**
 * Sends one recipient's mail of a campaign or a sequence's step, once (docs/email.md, "Sending"): only a
 * pending delivery of a sending campaign (or a sequence that is on) is claimed, and the claim is committed before the SMTP conversation, so a retried or
 * duplicated job finds nothing to send. The owner's rate is waited for; a 4xx is retried with backoff and
 * the last one marks the delivery failed with its reason; a 5xx bounces the delivery and the subscriber.
 */
@Injectable()
export class EmailDeliveryProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(EmailDeliveryProcessor.name);

  constructor(
    private readonly queues: EmailQueues,
    private readonly queries: SendingQueries,
    private readonly sending: CampaignSendingService,
    private readonly mailer: CampaignMailer,
    private readonly rate: OwnerSendRate,
    private readonly config: MarketingConfig,
    private readonly senders: Senders,
    private readonly progress: CampaignProgress,
    private readonly threads: ThreadCopies,
  ) {}

  onModuleInit(): void {
    void this.queues.deliveries.process(CONCURRENCY, (job: Job<EmailDeliveryJob>) => this.deliver(job));
    void this.queues.starts.process((job: Job<CampaignStartJob>) =>
      this.sending.startScheduled(job.data.ownerId, job.data.campaignId),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.queues.deliveries.close(), this.queues.starts.close()]);
  }

  /** Exported for the tests, which run a job twice. */
  async deliver(job: Pick<Job<EmailDeliveryJob>, 'data' | 'attemptsMade' | 'opts'>): Promise<void> {
    const { deliveryId, ownerId } = job.data;
    // Over the owner's rate: put off without touching the delivery.
    const wait = await this.rate.waitMs(ownerId);
    if (wait > 0) return this.queues.deliver(ownerId, [deliveryId], wait);
    const delivery = await this.queries.claim(deliveryId);
    if (!delivery) return;
    try {
      await this.send(delivery, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
    } finally {
      // A sequence's mail has no campaign to finish or report on.
      if (delivery.campaign_id !== null) await this.campaignMoved(ownerId, delivery.campaign_id);
    }
  }

  /** The campaign is sent once nothing is left; its page hears of the move. */
  private async campaignMoved(ownerId: string, campaignId: string): Promise<void> {
    if (await this.queries.finishIfDone(campaignId)) await this.progress.now(ownerId, campaignId);
    else this.progress.changed(ownerId, campaignId);
  }

  private async send(delivery: ClaimedDelivery, lastAttempt: boolean): Promise<void> {
    if (delivery.subscriber_status !== 'subscribed') {
      return this.queries.unsent(delivery.id, 'skipped', `The subscriber is ${delivery.subscriber_status}`);
    }
    const wait = await this.rate.take(delivery.owner_id);
    if (wait > 0) {
      await this.queries.release(delivery.id, null, true);
      return this.queues.deliver(delivery.owner_id, [delivery.id], wait);
    }
    const messageId = messageIdFor(this.config, delivery.id);
    const content: MailContent = {
      subject: delivery.subject,
      html: delivery.html_content,
      text: delivery.text_content,
    };
    const recipient = { email: delivery.email, firstName: delivery.first_name, lastName: delivery.last_name };
    let thread: Omit<ThreadItem, 'sentAt'> | undefined;
    try {
      // Inside the try: messaging-service not answering (the sender's address) is a temporary failure too.
      const sender = await this.senders.of(delivery.owner_id);
      const mail = await campaignMail(content, {
        recipient,
        sender,
        unsubscribeUrl: unsubscribeUrl(this.config, {
          subscriberId: delivery.subscriber_id,
          campaignId: delivery.campaign_id ?? undefined,
        }),
        messageId,
        tracking: trackingFor(this.config, delivery.id),
      });
      if (delivery.customer_id !== null) {
        thread = {
          deliveryId: delivery.id,
          ownerId: delivery.owner_id,
          customerId: delivery.customer_id,
          subject: String(mail.subject),
          content: await threadText(content, { recipient, sender }),
        };
      }
      await this.mailer.send({ ...mail, from: { name: sender.companyName, address: this.senders.fromAddress() } });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.kind === 'permanent') return this.queries.bounced(delivery, refusal.reason);
      if (lastAttempt) return this.queries.unsent(delivery.id, 'failed', refusal.reason);
      await this.queries.release(delivery.id, refusal.reason);
      throw error; // Bull tries again after the backoff
    }
    const item = await this.queries.sent(delivery, messageId, thread);
    // The customer's thread shows it (email continues the chat); if messaging-service is away, a later pass.
    if (item) await this.threads.handOver(item);
  }
}
