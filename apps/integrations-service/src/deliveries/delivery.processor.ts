import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  type DeliveryState,
  type DeliveryStatusData,
  maySend,
  MESSAGING_SUBJECTS,
  PLATFORM_NAMES,
  windowRefusal,
  workspaceActor,
} from '@parley/contracts';
import { Batcher, ServiceClient } from '@parley/server-kit';
import type { Job } from 'bull';
import { ChannelApiError } from '../channels/channel-adapter';
import { tokenRefusal } from '../channels/channel-platform';
import { ChannelHealth } from '../channels/channel-health';
import { ChannelRegistry } from '../channels/channel-registry';
import { RejectedTokens } from '../channels/rejected-tokens';
import { IntegrationsConfig } from '../config/integrations.config';
import { SecretBox } from '../secrets/secret-box';
import { DeliveriesQueries, type DeliveryToSend, type SentDelivery } from './deliveries.queries';
import { type DeliveryJob, DeliveryQueue } from './delivery-queue';

const UNREADABLE_TOKEN = "The page's access token cannot be read: connect the page again.";
const COULD_NOT_SEND = 'The message could not be sent. Please try again later.';

/**
 * Sends one outgoing message through its channel's adapter, at most once: the job id is the message id,
 * and only a delivery still `queued` is sent. The platform's window is checked first (the customer may
 * have stopped writing since the message was stored). A rate limit, a 5xx or a network failure is retried
 * (waiting as long as the provider asked); the provider's refusal, a disconnected page, the window, or the
 * last attempt mark the message failed with the reason. Every outcome is reported to messaging-service, as
 * the owner.
 */
@Injectable()
export class DeliveryProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(DeliveryProcessor.name);

  constructor(
    private readonly deliveries: DeliveryQueue,
    private readonly queries: DeliveriesQueries,
    private readonly channels: ChannelRegistry,
    private readonly secrets: SecretBox,
    private readonly services: ServiceClient,
    private readonly config: IntegrationsConfig,
    private readonly rejectedTokens: RejectedTokens,
    private readonly health: ChannelHealth,
  ) {}

  onModuleInit(): void {
    void this.deliveries.queue.process(this.config.DELIVERY_CONCURRENCY, (job: Job<DeliveryJob>) =>
      this.handle(job),
    );
    // Only an error that is not the provider's (the database or messaging-service down) gets here on the last attempt.
    this.deliveries.queue.on('failed', (job: Job<DeliveryJob>, error: Error) => {
      if (job.attemptsMade >= (job.opts.attempts ?? 1))
        void this.giveUp(job.data.messageId, error, job.attemptsMade);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.deliveries.queue.close();
  }

  /** Reading deliveries and marking them sent: one statement each for the jobs running at that moment. */
  private readonly loads = new Batcher<string, DeliveryToSend | undefined>((ids) => this.queries.toSend(ids));
  private readonly sents = new Batcher<SentDelivery, void>(async (sent) => {
    await this.queries.markSent(sent);
    return sent.map(() => undefined);
  });

  async handle(job: Job<DeliveryJob>): Promise<void> {
    const delivery = await this.loads.call(job.data.messageId);
    if (!delivery) return;
    // Handed over again (messaging-service missed the outcome): tell it again.
    if (delivery.status !== 'queued')
      return this.report(delivery.ownerId, outcome(delivery, delivery.status));
    const attempt = job.attemptsMade + 1;
    const channel = this.channels.forPlatform(delivery.platform);
    if (delivery.pageTokenEnc === null) {
      const noun = channel.assetNoun(delivery.platform);
      return this.fail(delivery, `The ${noun} is no longer connected.`, attempt);
    }
    const window = channel.window(delivery.platform, delivery.lastInboundAt);
    if (!maySend(window, delivery.writtenBy, delivery.template !== null))
      return this.fail(delivery, windowRefusal(delivery.platform, window), attempt);

    const token = this.openToken(delivery.pageTokenEnc);
    if (token === undefined) return this.failSend(delivery, UNREADABLE_TOKEN, attempt);
    let platformMessageId: string | undefined;
    try {
      // The stored token, or one the provider renewed now (X's last about two hours).
      const current = await channel.currentToken(delivery.platform, delivery.pageId, token);
      platformMessageId = await channel.send(delivery, window, current);
    } catch (error) {
      if (!(error instanceof ChannelApiError)) throw error;
      if (error.tokenRejected) {
        await this.rejectedTokens.report(
          delivery.ownerId,
          delivery.platform,
          delivery.pageId,
          channel.provider,
          error.message,
        );
        return this.failSend(delivery, tokenRefusal(delivery.platform, error.message), attempt);
      }
      if (!error.retryable) return this.failSend(delivery, error.message, attempt);
      if (attempt >= (job.opts.attempts ?? 1)) {
        const platform = PLATFORM_NAMES[delivery.platform];
        return this.failSend(
          delivery,
          `${platform} did not accept the message after ${attempt} attempts: ${error.message}`,
          attempt,
        );
      }
      await this.queries.countAttempt(delivery.messageId, attempt);
      throw error;
    }
    if (platformMessageId === undefined) {
      return this.fail(delivery, `${PLATFORM_NAMES[delivery.platform]} sent no message id back`, attempt);
    }
    await this.sents.call({ messageId: delivery.messageId, platformMessageId, attempts: attempt });
    // Not waited for: the channel's health never holds a sent message's report up.
    void this.health.sendEnded({ ...channelOf(delivery), ok: true, error: null });
    await this.report(delivery.ownerId, { messageId: delivery.messageId, status: 'sent', platformMessageId });
  }

  /**
   * The channel failed the message (its provider refused it or its token, or never took it): failed, and
   * counted against the channel's health (five in a row degrade it). A window or a disconnected page is not
   * the channel's failure.
   */
  private async failSend(delivery: DeliveryToSend, reason: string, attempts: number): Promise<void> {
    await this.health.sendEnded({ ...channelOf(delivery), ok: false, error: reason });
    await this.fail(delivery, reason, attempts);
  }

  private async fail(delivery: DeliveryToSend, reason: string, attempts: number): Promise<void> {
    await this.queries.markFailed(delivery.messageId, reason, attempts);
    this.logger.warn(`message ${delivery.messageId} not sent: ${reason}`);
    await this.report(delivery.ownerId, { messageId: delivery.messageId, status: 'failed', reason });
  }

  /**
   * After the last attempt failed for a reason that is not the provider's: marked failed, if that can be done now
   * (else the reconciler queues it again). The reason stays in the log: it is about our systems, not the owner's.
   */
  private async giveUp(messageId: string, error: Error, attempts: number): Promise<void> {
    this.logger.warn(`message ${messageId} failed ${attempts} times: ${error.message}`);
    try {
      const [delivery] = await this.queries.toSend([messageId]);
      if (delivery?.status === 'queued') await this.fail(delivery, COULD_NOT_SEND, attempts);
    } catch (failure) {
      this.logger.warn(`message ${messageId} stays queued for the reconciler (${String(failure)})`);
    }
  }

  /** The page's token, or undefined when it cannot be opened (sealed under another key, or damaged). */
  private openToken(sealed: string): string | undefined {
    try {
      return this.secrets.open(sealed);
    } catch {
      return undefined;
    }
  }

  /** Tells messaging-service; a failure fails the job, whose retry finds the delivery done and tells it again. */
  private async report(ownerId: string, status: DeliveryStatusData): Promise<void> {
    await this.services.send(MESSAGING_SUBJECTS.updateDeliveryStatus, status, { actor: workspaceActor(ownerId) });
  }
}

function channelOf({ ownerId, platform, pageId }: DeliveryToSend) {
  return { ownerId, platform, pageId };
}

/** Where a delivery that is no longer queued stands, as messaging-service is told. */
function outcome(delivery: DeliveryToSend, status: DeliveryState): DeliveryStatusData {
  return {
    messageId: delivery.messageId,
    status,
    platformMessageId: delivery.platformMessageId ?? undefined,
    reason: delivery.failureReason ?? undefined,
  };
}
