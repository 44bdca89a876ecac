import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  type ChannelCustomerNameData,
  type ChannelEchoData,
  type DeliveryState,
  type DeliveryStatusData,
  DomainException,
  ErrorCode,
  type ChannelPlatform,
  type IngestMessageData,
  MESSAGING_SUBJECTS,
  workspaceActor,
} from '@parley/contracts';
import { Batcher, inRounds, ServiceClient } from '@parley/server-kit';
import type { Job } from 'bull';
import type {
  ChannelAdapter,
  ChannelEcho,
  ChannelEvent,
  CustomerMessage,
  Read,
} from '../channels/channel-adapter';
import { ChannelHealth } from '../channels/channel-health';
import { logName } from '../channels/channel-platform';
import { ChannelRegistry } from '../channels/channel-registry';
import { IntegrationsConfig } from '../config/integrations.config';
import { type WebhookJob, WebhookQueue } from './webhook-queue';
import {
  type ConnectedPage,
  contactKey,
  type ContactName,
  type ContactSeen,
  type ContactState,
  type DeliveryLookup,
  type DeliveryMatch,
  type DeliveryMove,
  type DeliveryToAdvance,
  type StoredEvent,
  WebhooksQueries,
} from './webhooks.queries';

/**
 * messaging-service's answers that retrying cannot change (the request itself is refused): the event's
 * part is logged and skipped. Any other failure (no responder, a timeout, an internal error) fails the
 * job, which is retried.
 */
const REFUSALS = new Set<ErrorCode>([
  ErrorCode.ValidationFailed,
  ErrorCode.NotFound,
  ErrorCode.Conflict,
  ErrorCode.Forbidden,
  ErrorCode.Unauthenticated,
  ErrorCode.PayloadTooLarge,
]);

/**
 * Turns one stored webhook body, read by its channel's adapter into the one inbound shape, into what it
 * means for Parley: customer messages (through messaging-service's ingest, as simulate-message does),
 * echoes of a person answering from the platform's own inbox, and delivery, read and status updates of
 * what Parley sent. A retried job does no harm:
 * messaging stores a platform message id once, echoes once, and delivery states only move forward. The
 * event is marked processed when every part is done.
 */
@Injectable()
export class WebhookProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(WebhookProcessor.name);

  constructor(
    private readonly webhooks: WebhookQueue,
    private readonly queries: WebhooksQueries,
    private readonly config: IntegrationsConfig,
    private readonly services: ServiceClient,
    private readonly channels: ChannelRegistry,
    private readonly health: ChannelHealth,
  ) {}

  onModuleInit(): void {
    void this.webhooks.queue.process(this.config.WEBHOOK_CONCURRENCY, (job: Job<WebhookJob>) =>
      this.handleAll(job.data.eventIds),
    );
    this.webhooks.queue.on('failed', (job: Job<WebhookJob>, error: Error) => {
      if (job.attemptsMade >= (job.opts.attempts ?? 1))
        this.logger.warn(
          `${job.data.eventIds.length} webhook event(s) failed ${job.attemptsMade} times (${error.message}); the reconciler queues them again`,
        );
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.webhooks.queue.close();
    await Promise.allSettled(this.reading.values());
  }

  /** Each statement below is shared with the other jobs running at that moment. */
  private readonly loads = new Batcher<string, StoredEvent | undefined>((ids) => this.queries.events(ids));
  private readonly marks = new Batcher<string, void>(async (ids) => {
    await this.queries.markProcessed(ids);
    return ids.map(() => undefined);
  });
  private readonly pages = new Batcher<
    { platform: ChannelPlatform; pageId: string },
    ConnectedPage | undefined
  >((keys) => this.queries.pages(keys));
  private readonly contacts = new Batcher<ContactSeen, ContactState>((seen) =>
    this.queries.contactsSeen(seen, this.config.PROFILE_REFRESH_DAYS * 86_400),
  );
  /** The deliveries that the reports of a moment name: one statement for all of them. */
  private readonly lookups = new Batcher<DeliveryLookup, DeliveryToAdvance[]>((lookups) =>
    this.queries.toAdvance(lookups),
  );
  /** Profile names read at the same moment are stored in one statement, each contact once per round. */
  private readonly names = new Batcher<ContactName, boolean>((names) =>
    inRounds(names, contactKey, (round) => this.queries.nameContacts(round)),
  );
  /** The profiles being asked of the platform now, by contact: one asking at a time for each. */
  private readonly reading = new Map<string, Promise<void>>();
  private readonly advances = new Batcher<DeliveryMove, void>((moves) =>
    inRounds(
      moves,
      (move) => move.messageId,
      async (round) => {
        await this.queries.advance(round);
        return round.map(() => undefined);
      },
    ),
  );

  /** A job's events, side by side; if one fails the job is retried, and the processed ones are skipped then. */
  async handleAll(eventIds: string[]): Promise<void> {
    const failed = (await Promise.allSettled(eventIds.map((id) => this.handle(id)))).find(
      (result) => result.status === 'rejected',
    );
    if (failed) throw failed.reason;
  }

  async handle(eventId: string): Promise<void> {
    const event = await this.loads.call(eventId);
    // Deleted after a week, or never stored: nothing to do.
    if (!event) return;
    if (event.processed) return;
    const channel = this.channels.forSource(event.source);
    if (channel === undefined) {
      // Stored by a version that had this channel; nothing here can read it.
      this.logger.warn(`webhook event ${eventId} from "${event.source}", which no channel reads: skipped`);
      return this.marks.call(eventId);
    }
    for (const channelEvent of channel.normalise(parseJson(event.body))) {
      const page = await this.pages.call({ platform: channelEvent.platform, pageId: channelEvent.pageId });
      if (!page) {
        this.logger.log(
          `webhook for ${channelEvent.platform} page ${channelEvent.pageId}, which no owner has connected: skipped`,
        );
        continue;
      }
      await this.health.webhookSeen(channelEvent.platform, channelEvent.pageId);
      await this.apply(channel, channelEvent, page);
    }
    await this.marks.call(eventId);
  }

  private apply(channel: ChannelAdapter, event: ChannelEvent, page: ConnectedPage): Promise<void> {
    switch (event.kind) {
      case 'message':
        return this.customerMessage(channel, event, page);
      case 'echo':
        return this.echo(channel, event, page);
      case 'delivered': {
        const { platform, pageId, mids, userId, upTo } = event;
        return this.advance({ platform, pageId, mids, recipientId: userId, upTo: upTo ?? null }, 'delivered');
      }
      case 'read':
        return this.read(event);
      case 'status': {
        const { platform, pageId, mid, status, reason } = event;
        return this.advance({ platform, pageId, mids: [mid], recipientId: null, upTo: null }, status, reason);
      }
    }
  }

  /**
   * Brings the contact up to date (the window counts from their last message) and hands the message to
   * messaging-service with the name known so far (empty when none: the web says "Messenger customer").
   * Then, without holding the message up, names them: where the payload carries the name (WhatsApp), a
   * changed one renames them; elsewhere the platform's profile is asked the first time and again after
   * PROFILE_REFRESH_DAYS.
   */
  private async customerMessage(
    channel: ChannelAdapter,
    message: CustomerMessage,
    page: ConnectedPage,
  ): Promise<void> {
    const contact = await this.contacts.call({
      ownerId: page.ownerId,
      platform: message.platform,
      pageId: message.pageId,
      userId: message.userId,
      name: message.profileName ?? null,
      at: message.sentAt,
    });
    const data: IngestMessageData = {
      platform: message.platform,
      content: message.content,
      platformUsername: message.userId,
      senderName: contact.name ?? '',
      platformMessageId: message.mid,
      channel: { pageId: message.pageId },
      attachments: message.attachments,
      sentAt: message.sentAt,
    };
    await this.request(MESSAGING_SUBJECTS.ingestMessage, page.ownerId, data);
    if (channel.namesFrom(message.platform) === 'payload') {
      const { name, previousName } = contact;
      if (name !== null && previousName !== null && name !== previousName)
        await this.rename(page.ownerId, message, name);
    } else if (contact.profileDue) {
      this.readProfileLater(channel, message, page);
    }
  }

  private readProfileLater(channel: ChannelAdapter, message: CustomerMessage, page: ConnectedPage): void {
    const key = `${message.platform} ${message.pageId} ${message.userId}`;
    if (this.reading.has(key)) return;
    const reading = this.readProfile(channel, message, page)
      .catch((error: unknown) =>
        this.logger.warn(
          `naming ${logName(message.platform, message.userId)} failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      )
      .finally(() => this.reading.delete(key));
    this.reading.set(key, reading);
  }

  /** Asks the platform for the profile; a new or changed name is stored and the customer renamed. */
  private async readProfile(
    channel: ChannelAdapter,
    message: CustomerMessage,
    page: ConnectedPage,
  ): Promise<void> {
    const contact = { platform: message.platform, pageId: message.pageId, userId: message.userId };
    const profile = await channel.readProfile(message.platform, message.userId, page.accessTokenEnc);
    if (profile === undefined) return this.queries.profileUnread(contact);
    if (profile.name === undefined) return;
    if (await this.names.call({ ...contact, name: profile.name }))
      await this.rename(page.ownerId, message, profile.name);
  }

  /** messaging-service names the customer (and their messages) as the channel does now. */
  private rename(ownerId: string, message: CustomerMessage, name: string): Promise<void> {
    const data: ChannelCustomerNameData = {
      platform: message.platform,
      platformUsername: message.userId,
      name,
    };
    return this.request(MESSAGING_SUBJECTS.nameChannelCustomer, ownerId, data);
  }

  /** What the page sent from outside Parley (a person in the page's inbox): messaging stores it and pauses the AI. */
  private async echo(channel: ChannelAdapter, echo: ChannelEcho, page: ConnectedPage): Promise<void> {
    if (channel.isOwnEcho(echo)) return;
    if (await this.queries.isOurSend(echo.platform, echo.pageId, echo.recipientId, echo.mid, echo.content))
      return;
    const data: ChannelEchoData = {
      platform: echo.platform,
      pageId: echo.pageId,
      recipientId: echo.recipientId,
      platformMessageId: echo.mid,
      content: echo.content,
      sentAt: echo.sentAt,
    };
    await this.request(MESSAGING_SUBJECTS.recordEcho, page.ownerId, data);
  }

  /** Messenger reads name a watermark; Instagram's the last message seen, and so everything sent before it. */
  private async read({ platform, pageId, userId, upTo, mid }: Read): Promise<void> {
    const through = upTo ?? (mid === undefined ? null : await this.queries.sentAt(platform, pageId, mid));
    await this.advance(
      { platform, pageId, mids: mid === undefined ? [] : [mid], recipientId: userId, upTo: through },
      'read',
    );
  }

  /**
   * Tells messaging-service (as each message's owner) about every delivery this event moves forward, then
   * moves them. In that order, so that a failed request leaves the rows where they were and the retried
   * job tells it again.
   */
  private async advance(match: DeliveryMatch, status: DeliveryState, reason?: string): Promise<void> {
    const rows = await this.lookups.call({ match, status });
    if (rows.length === 0) return;
    await Promise.all(
      rows.map((row) => {
        const data: DeliveryStatusData = {
          messageId: row.messageId,
          status,
          platformMessageId: row.platformMessageId ?? undefined,
          reason,
        };
        return this.request(MESSAGING_SUBJECTS.updateDeliveryStatus, row.ownerId, data);
      }),
    );
    await Promise.all(
      rows.map((row) => this.advances.call({ messageId: row.messageId, status, reason: reason ?? null })),
    );
  }

  /** A request to messaging-service as the owner; a refusal is logged and skipped, anything else fails the job. */
  private async request(subject: string, ownerId: string, data: object): Promise<void> {
    try {
      await this.services.send(subject, data, { actor: workspaceActor(ownerId) });
    } catch (error) {
      if (error instanceof DomainException && REFUSALS.has(error.code)) {
        this.logger.warn(`${subject} refused a webhook event's part for owner ${ownerId}: ${error.message}`);
        return;
      }
      throw error;
    }
  }
}

/** The receiver stores only bodies that parse; anything else reads as nothing to do. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
