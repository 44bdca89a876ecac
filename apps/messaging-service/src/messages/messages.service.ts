import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  type Actor,
  AI_PAUSE_MS,
  DomainException,
  ErrorCode,
  type IngestMessageResult,
  isChannelPlatform,
  isPlatform,
  type ListMessagesQueryDto,
  maySend,
  type MessageResponse,
  messagingWindow,
  type Platform,
  PLATFORM_NAMES,
  PLATFORMS,
  type RealtimeEvent,
  renderTemplate,
  type ReplyMessageDto,
  type SendMessageDto,
  type SendTemplateDto,
  type TemplateChoice,
  type WhatsAppTemplateResponse,
  windowRefusal,
} from '@parley/contracts';
import { OwnerEvents, type Page } from '@parley/server-kit';
import { DEFAULT_AI_CONFIG } from '../ai-config/ai-config.mapper';
import { DeliveriesClient } from '../outbound/deliveries.client';
import { deliveryRequest, outgoingStatus } from '../outbound/delivery-request';
import { ReplyQueue } from '../replies/reply-queue';
import { decodeCursor } from '../shared/cursor';
import { requireUuid } from '../shared/uuid';
import { AuthorNames } from './author-names';
import type { IngestMessageDto } from './ingest-message.dto';
import { type InboundStored, type MessageFilter, MessagesQueries, type Recipient } from './messages.queries';

/**
 * What a search term matches besides content: the platforms whose name contains it ("insta" →
 * instagram), case-insensitively.
 */
export function platformsMatching(q: string): Platform[] {
  const term = q.toLowerCase();
  return PLATFORMS.filter((platform) => platform.includes(term));
}

/**
 * When to reply to a newly stored message, in seconds from now; undefined when the owner turned auto
 * respond off. An owner who never saved an AI configuration gets its defaults.
 */
export function replyDelay(stored: Pick<InboundStored, 'autoRespond' | 'responseDelay'>): number | undefined {
  if (!(stored.autoRespond ?? DEFAULT_AI_CONFIG.autoRespond)) return undefined;
  return stored.responseDelay ?? DEFAULT_AI_CONFIG.responseDelay;
}

/** Customer messages in, the owner's replies out, and the inbox. */
@Injectable()
export class MessagesService {
  private readonly logger = new Logger(MessagesService.name);

  constructor(
    private readonly queries: MessagesQueries,
    private readonly replies: ReplyQueue,
    private readonly deliveries: DeliveriesClient,
    private readonly events: OwnerEvents,
    private readonly authors: AuthorNames,
  ) {}

  /**
   * Stores an inbound message and its customer in one statement (so, one transaction), then schedules
   * the reply. A message whose platform id was stored before is acknowledged and not stored again.
   * If the queue is unreachable the message is still stored; the reconciler schedules it later.
   * The simulator sends no platform id: the message gets one of its own (`local-<id>`). A message from a
   * connected channel makes its customer reachable: replies to them are delivered to that page. A message
   * without a channel is the simulator's: its customer is a test customer (never a real one of the same
   * username), and it and its replies are test data, delivered nowhere.
   */
  async ingest(ownerId: string, dto: IngestMessageDto): Promise<IngestMessageResult> {
    if (dto.channel && !isChannelPlatform(dto.platform)) {
      throw new DomainException(
        ErrorCode.ValidationFailed,
        'Only a Facebook, Instagram, WhatsApp or X message comes through a connected channel',
        { field: 'channel' },
      );
    }
    const messageId = randomUUID();
    const platformMessageId = dto.platformMessageId ?? `local-${messageId}`;
    const stored = await this.queries.storeInbound({
      ownerId,
      customerId: randomUUID(),
      messageId,
      senderName: dto.senderName,
      platform: dto.platform,
      platformUsername: dto.platformUsername,
      platformMessageId,
      content: dto.content,
      pageId: dto.channel?.pageId ?? null,
      sentAt: dto.sentAt ?? null,
      attachments: dto.attachments ?? [],
      isTest: dto.channel === undefined,
    });
    if (!stored.messageStored) {
      const earlier = await this.queries.idByPlatformId(ownerId, dto.platform, platformMessageId);
      return { messageId: earlier, customerId: stored.customerId, stored: false };
    }
    // A channel's customer whose name is not known yet (the web says "Messenger customer").
    const who = dto.senderName || `a ${PLATFORM_NAMES[dto.platform]} customer`;
    const delay = replyDelay(stored);
    if (delay !== undefined) await this.schedule(messageId, ownerId, delay);
    if (stored.customerCreated) {
      this.events.emit(ownerId, {
        type: 'new_customer',
        message: `New customer: ${who}`,
        data: { customerId: stored.customerId, customerName: dto.senderName },
      });
    }
    this.notifyNewMessage(ownerId, stored, {
      type: 'new_message',
      message: `New message from ${who}`,
      data: { messageId, customerId: stored.customerId, customerName: dto.senderName },
    });
    return { messageId, customerId: stored.customerId, stored: true };
  }

  /**
   * A new message notifies the member its conversation is assigned to, or every member when it is unassigned
   * (docs/teams.md, "Notifications"). The other members' tabs get a quiet 'conversation_updated' instead, so
   * their lists still move.
   */
  private notifyNewMessage(ownerId: string, stored: InboundStored, event: RealtimeEvent): void {
    const assigneeId = stored.assigneeId;
    if (assigneeId === null) return this.events.emit(ownerId, event);
    this.events.emit(ownerId, event, { userId: assigneeId });
    this.events.emit(
      ownerId,
      { type: 'conversation_updated', message: '', data: { customerId: stored.customerId, assigneeId } },
      { exceptUserId: assigneeId },
    );
  }

  /** Newest first; `q` matches content or platform, case-insensitively; `customerId` gives one thread. */
  async list(ownerId: string, query: ListMessagesQueryDto): Promise<Page<MessageResponse>> {
    const filter: MessageFilter = {
      search: query.q ? { term: query.q, platforms: platformsMatching(query.q) } : undefined,
      platform: query.platform,
      status: query.status,
      customerId: query.customerId ? requireUuid(query.customerId, 'Customer') : undefined,
      includeTest: query.includeTest,
      after: decodeCursor(query.cursor),
    };
    return this.queries.page(ownerId, filter, query.limit);
  }

  /** A member answers a customer by hand (the Respond button); the reply records them as its author. */
  async reply(actor: Actor, dto: ReplyMessageDto, clientKey?: string): Promise<MessageResponse> {
    const ownerId = actor.workspaceId;
    const customer = await this.queries.recipient(ownerId, { id: requireUuid(dto.customerId, 'Customer') });
    if (!customer) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return this.answer(actor, customer, dto.content, { clientKey });
  }

  /** Send Message (the Social Media panel): the same as a reply, to a customer named by their platform id. */
  async sendToRecipient(actor: Actor, dto: SendMessageDto, clientKey?: string): Promise<MessageResponse> {
    const ownerId = actor.workspaceId;
    const platform = PLATFORM_NAMES[dto.platform];
    const customer = await this.queries.recipient(ownerId, {
      platform: dto.platform,
      platformUsername: dto.recipientId,
    });
    if (!customer) {
      throw new DomainException(
        ErrorCode.NotFound,
        `No customer with recipient ID ${dto.recipientId} on ${platform}.`,
      );
    }
    if (customer.pageId === null) {
      throw new DomainException(
        ErrorCode.Conflict,
        `${customer.name} did not write through a connected ${platform} account: nothing can be delivered.`,
      );
    }
    return this.answer(actor, customer, dto.message, { clientKey });
  }

  /** The approved templates a person may send this WhatsApp customer, as Meta has them now. */
  async templates(ownerId: string, customerId: string): Promise<WhatsAppTemplateResponse[]> {
    const customer = await this.whatsappRecipient(ownerId, customerId);
    return this.deliveries.templates(ownerId, customer.pageId);
  }

  /**
   * A person sends an approved WhatsApp template, allowed at any time: the only way to write to a WhatsApp
   * customer more than 24 hours after their last message. It must be one of the number's templates now,
   * with as many values as its body takes; what the customer reads is stored as the message's content.
   */
  async sendTemplate(actor: Actor, customerId: string, choice: SendTemplateDto): Promise<MessageResponse> {
    const ownerId = actor.workspaceId;
    const customer = await this.whatsappRecipient(ownerId, customerId);
    const templates = await this.deliveries.templates(ownerId, customer.pageId);
    const template = templates.find((t) => t.name === choice.name && t.language === choice.language);
    if (!template) {
      throw new DomainException(
        ErrorCode.ValidationFailed,
        `"${choice.name}" (${choice.language}) is not an approved template of this WhatsApp number`,
        { field: 'name' },
      );
    }
    if (choice.parameters.length !== template.parameterCount) {
      throw new DomainException(
        ErrorCode.ValidationFailed,
        `This template takes ${template.parameterCount} parameter(s), not ${choice.parameters.length}`,
        { field: 'parameters' },
      );
    }
    const chosen = { name: template.name, language: template.language, parameters: choice.parameters };
    return this.answer(actor, customer, renderTemplate(template, choice.parameters), { template: chosen });
  }

  /**
   * A person's reply: stored as outgoing (not AI), the customer's pending messages count as answered and
   * the AI leaves the customer alone for AI_PAUSE_MS. To a customer who wrote through a connected channel
   * it is delivered there, within Meta's window for a person (refused, storing nothing, outside it; a
   * WhatsApp template goes at any time); to a simulated customer it is only stored, as `simulated`, and to
   * one added by hand without a channel (`manual`) as a note in Parley: both are delivered nowhere. A retry
   * with the client's Idempotency-Key answers the reply stored the first time, and sends nothing again.
   */
  private async answer(
    actor: Actor,
    customer: Recipient,
    content: string,
    { template, clientKey }: { template?: TemplateChoice; clientKey?: string },
  ): Promise<MessageResponse> {
    const ownerId = actor.workspaceId;
    if (customer.pageId !== null && isPlatform(customer.platform)) {
      const window = messagingWindow(customer.platform, customer.lastInboundAt);
      if (!maySend(window, 'human', template !== undefined))
        throw new DomainException(ErrorCode.Conflict, windowRefusal(customer.platform, window));
    }
    const replyId = randomUUID();
    const delivery = deliveryRequest(replyId, customer, content, 'human', template);
    const author = await this.authors.authorOf(actor);
    const stored = await this.queries.storeOwnerReply({
      ownerId,
      author,
      customerId: customer.id,
      replyId,
      content,
      status: outgoingStatus(customer),
      pauseMs: AI_PAUSE_MS,
      template,
      clientKey,
    });
    if (!stored) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    const { message, repeated } = stored;
    if (repeated) return message;
    if (delivery) await this.deliveries.handOver(ownerId, delivery);
    this.events.emit(ownerId, {
      type: 'message_responded',
      message: `Reply saved for ${customer.name}`,
      data: { messageId: message.id, customerId: customer.id, customerName: customer.name, by: 'person' },
    });
    return message;
  }

  /** The owner's customer who wrote through a connected WhatsApp number: templates go only to them. */
  private async whatsappRecipient(
    ownerId: string,
    customerId: string,
  ): Promise<Recipient & { pageId: string }> {
    const customer = await this.queries.recipient(ownerId, { id: requireUuid(customerId, 'Customer') });
    if (!customer) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    if (customer.platform !== 'whatsapp' || customer.pageId === null) {
      throw new DomainException(
        ErrorCode.Conflict,
        'Templates are sent only to WhatsApp customers who wrote through a connected number.',
      );
    }
    return { ...customer, pageId: customer.pageId };
  }

  private async schedule(messageId: string, ownerId: string, delaySeconds: number): Promise<void> {
    try {
      await this.replies.schedule({ messageId, ownerId }, delaySeconds * 1000);
    } catch (error) {
      this.logger.warn(`reply for ${messageId} not queued yet (${String(error)}); the reconciler will`);
    }
  }
}
