import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { Job } from 'bull';
import { MarketingConfig } from '../config/marketing.config';
import type Mail from 'nodemailer/lib/mailer';
import { campaignMail, type MailContent, type Sender, threadText } from '../content/campaign-mail';
import { messageIdFor, trackingFor, unsubscribeUrl } from '../content/mail-links';
import { Senders } from '../content/senders';
import { CampaignMailer, type Refusal, refusalOf } from '../mail/mailer';
import { OwnerSendRate } from '../mail/owner-send-rate';
import { CampaignProgress } from './campaign-progress';
import { CampaignSendingService } from './campaign-sending.service';
import {
  type CampaignStartJob,
  type EmailBatchJob,
  type EmailDeliveryJob,
  EMAIL_SEND_ATTEMPTS,
  EmailQueues,
} from './email-queues';
import { type ClaimedDelivery, SendingQueries, type ThreadItem } from './sending.queries';
import { ThreadCopies } from './thread-copies';

/** Mails sent at once by each replica: a send mostly waits on the SMTP server, not on this process. */
const CONCURRENCY = 10;
/**
 * Batch jobs run at once by each replica: while one batch's mails go over the pool the next one's are
 * claimed and rendered (a batch is EMAIL_BATCH_SIZE mails, the pool 5 connections).
 */
const BATCH_CONCURRENCY = 4;

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
    void this.queues.batches.process(BATCH_CONCURRENCY, (job: Job<EmailBatchJob>) => this.deliverBatch(job));
    void this.queues.starts.process((job: Job<CampaignStartJob>) =>
      this.sending.startScheduled(job.data.ownerId, job.data.campaignId),
    );
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.queues.deliveries.close(), this.queues.batches.close(), this.queues.starts.close()]);
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
      // The row counts the tries a batch made before this job took the delivery over (see deliverBatch).
      const last = delivery.attempts >= EMAIL_SEND_ATTEMPTS || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      await this.send(delivery, last);
    } finally {
      // A sequence's mail has no campaign to finish or report on.
      if (delivery.campaign_id !== null) await this.campaignMoved(ownerId, delivery.campaign_id);
    }
  }

  /**
   * A page of a campaign's deliveries (docs/email.md, "Sending"): claimed in one statement (committed before
   * any SMTP conversation, as one job's claim), as many of the owner's rate slots taken in one round trip
   * (the rest given back and put off to the next minute), the mails sent together over the pool, and those
   * the server took stamped sent in one transaction. A mail refused for now goes on as a job of its own with
   * Bull's backoff (the row's attempts carry over), one refused for good bounces. A batch run again (a
   * stalled job, the reconciler's page) claims only what is still pending: no one gets a mail twice.
   */
  async deliverBatch(job: Pick<Job<EmailBatchJob>, 'data'>): Promise<void> {
    const { deliveryIds, ownerId } = job.data;
    const wait = await this.rate.waitMs(ownerId);
    if (wait > 0) return this.queues.deliverInBatches(ownerId, deliveryIds, wait);
    const claimed = await this.queries.claimMany(deliveryIds);
    if (claimed.length === 0) return;
    try {
      await this.sendBatch(ownerId, claimed);
    } finally {
      const campaigns = new Set(claimed.flatMap((d) => (d.campaign_id === null ? [] : [d.campaign_id])));
      for (const campaignId of campaigns) await this.campaignMoved(ownerId, campaignId);
    }
  }

  private async sendBatch(ownerId: string, claimed: ClaimedDelivery[]): Promise<void> {
    let ready: ClaimedDelivery[] = [];
    for (const delivery of claimed) {
      if (delivery.subscriber_status === 'subscribed') ready.push(delivery);
      else await this.queries.unsent(delivery.id, 'skipped', `The subscriber is ${delivery.subscriber_status}`);
    }
    const { taken, waitMs } = await this.rate.takeMany(ownerId, ready.length);
    if (taken < ready.length) {
      const later = ready.slice(taken).map((d) => d.id);
      ready = ready.slice(0, taken);
      await this.queries.releaseMany(later, null, true);
      await this.queues.deliverInBatches(ownerId, later, waitMs);
    }
    if (ready.length === 0) return;
    let sender: Sender;
    try {
      sender = await this.senders.of(ownerId);
    } catch (error) {
      // messaging-service not answering (the sender's address): every mail waits, as a 4xx would.
      return this.refusedForNow(ownerId, ready, refusalOf(error).reason);
    }
    // Rendered one after another, each sent as soon as it is ready: rendering 50 mails of 4 batches at once
    // interleaved 200 liquidjs renders, and on a busy machine some outran liquidjs's 200 ms limit (a failed
    // try for nothing). The pool holds what it cannot send yet.
    const sending: Promise<SentMail | Unsent>[] = [];
    for (const delivery of ready) sending.push((await this.mailOf(delivery, sender)).outcome);
    const outcomes = await Promise.all(sending);
    const took: SentMail[] = [];
    const later: { delivery: ClaimedDelivery; reason: string }[] = [];
    for (const outcome of outcomes) {
      if ('messageId' in outcome) took.push(outcome);
      else if (outcome.refusal.kind === 'permanent') await this.queries.bounced(outcome.delivery, outcome.refusal.reason);
      else later.push({ delivery: outcome.delivery, reason: outcome.refusal.reason });
    }
    const items = await this.queries.sentMany(took);
    for (const { delivery, reason } of later) await this.refusedForNow(ownerId, [delivery], reason);
    // The customers' threads show them (email continues the chat); if messaging-service is away, a later pass.
    for (const item of items) await this.threads.handOver(item);
  }

  /**
   * One batch mail rendered, then handed to the pool: resolves once rendered, with the promise of what to
   * stamp (or how the server refused it) in an object (an async function would wait for a promise returned).
   */
  private async mailOf(delivery: ClaimedDelivery, sender: Sender): Promise<{ outcome: Promise<SentMail | Unsent> }> {
    let rendered: Rendered;
    try {
      rendered = await this.render(delivery, sender);
    } catch (error) {
      return { outcome: Promise.resolve({ delivery, refusal: refusalOf(error) }) };
    }
    const { mail, messageId, thread } = rendered;
    const outcome = this.mailer
      .send({ ...mail, from: { name: sender.companyName, address: this.senders.fromAddress() } })
      .then(
        (): SentMail | Unsent => ({ delivery, messageId, thread }),
        (error: unknown) => ({ delivery, refusal: refusalOf(error) }),
      );
    return { outcome };
  }

  /**
   * Refused for now: at its last try the delivery fails with the reason; otherwise it is pending again and a
   * job of its own tries it after EMAIL_RETRY_DELAY_MS, with Bull's backoff from there.
   */
  private async refusedForNow(ownerId: string, deliveries: ClaimedDelivery[], reason: string): Promise<void> {
    const again: string[] = [];
    for (const delivery of deliveries) {
      if (delivery.attempts >= EMAIL_SEND_ATTEMPTS) await this.queries.unsent(delivery.id, 'failed', reason);
      else again.push(delivery.id);
    }
    await this.queries.releaseMany(again, reason);
    await this.queues.deliver(ownerId, again, this.config.EMAIL_RETRY_DELAY_MS);
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
    let rendered: Rendered | undefined;
    try {
      // Inside the try: messaging-service not answering (the sender's address) is a temporary failure too.
      const sender = await this.senders.of(delivery.owner_id);
      rendered = await this.render(delivery, sender);
      await this.mailer.send({
        ...rendered.mail,
        from: { name: sender.companyName, address: this.senders.fromAddress() },
      });
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal.kind === 'permanent') return this.queries.bounced(delivery, refusal.reason);
      if (lastAttempt) return this.queries.unsent(delivery.id, 'failed', refusal.reason);
      await this.queries.release(delivery.id, refusal.reason);
      throw error; // Bull tries again after the backoff
    }
    const item = await this.queries.sent(delivery, rendered.messageId, rendered.thread);
    // The customer's thread shows it (email continues the chat); if messaging-service is away, a later pass.
    if (item) await this.threads.handOver(item);
  }

  /** The delivery's mail, its Message-ID, and its copy for the customer's thread when it has a customer. */
  private async render(delivery: ClaimedDelivery, sender: Sender): Promise<Rendered> {
    const messageId = messageIdFor(this.config, delivery.id);
    const content: MailContent = {
      subject: delivery.subject,
      html: delivery.html_content,
      text: delivery.text_content,
    };
    const recipient = { email: delivery.email, firstName: delivery.first_name, lastName: delivery.last_name };
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
    const thread =
      delivery.customer_id === null
        ? undefined
        : {
            deliveryId: delivery.id,
            ownerId: delivery.owner_id,
            customerId: delivery.customer_id,
            subject: String(mail.subject),
            content: await threadText(content, { recipient, sender }),
          };
    return { mail, messageId, thread };
  }
}

interface Rendered {
  mail: Mail.Options;
  messageId: string;
  thread?: Omit<ThreadItem, 'sentAt'>;
}

/** A batch mail not sent: rendering failed or the server refused it. */
interface Unsent {
  delivery: ClaimedDelivery;
  refusal: Refusal;
}

/** A batch mail the server took, to stamp sent. */
interface SentMail {
  delivery: ClaimedDelivery;
  messageId: string;
  thread?: Omit<ThreadItem, 'sentAt'>;
}
