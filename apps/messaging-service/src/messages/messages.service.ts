import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  DomainException,
  ErrorCode,
  type IngestMessageResult,
  type ListMessagesQueryDto,
  type MessageResponse,
  type Platform,
  PLATFORMS,
  type ReplyMessageDto,
  type SimulateMessageDto,
} from '@parley/contracts';
import { OwnerEvents, type Page } from '@parley/server-kit';
import { DEFAULT_AI_CONFIG } from '../ai-config/ai-config.mapper';
import { ReplyQueue } from '../replies/reply-queue';
import { decodeCursor } from '../shared/cursor';
import { requireUuid } from '../shared/uuid';
import { type InboundStored, type MessageFilter, MessagesQueries } from './messages.queries';

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
    private readonly events: OwnerEvents,
  ) {}

  /**
   * Stores an inbound message and its customer in one statement (so, one transaction), then schedules
   * the reply. A message whose platform id was stored before is acknowledged and not stored again.
   * If the queue is unreachable the message is still stored; the reconciler schedules it later.
   * The simulator sends no platform id: the message gets one of its own (`local-<id>`).
   */
  async ingest(
    ownerId: string,
    dto: SimulateMessageDto & { platformMessageId?: string },
  ): Promise<IngestMessageResult> {
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
    });
    if (!stored.messageStored) {
      const earlier = await this.queries.idByPlatformId(ownerId, dto.platform, platformMessageId);
      return { messageId: earlier, customerId: stored.customerId, stored: false };
    }
    const delay = replyDelay(stored);
    if (delay !== undefined) await this.schedule(messageId, ownerId, delay);
    if (stored.customerCreated) {
      this.events.emit(ownerId, {
        type: 'new_customer',
        message: `New customer: ${dto.senderName}`,
        data: { customerId: stored.customerId },
      });
    }
    this.events.emit(ownerId, {
      type: 'new_message',
      message: `New message from ${dto.senderName}`,
      data: { messageId, customerId: stored.customerId },
    });
    return { messageId, customerId: stored.customerId, stored: true };
  }

  /** Newest first; `q` matches content or platform, case-insensitively; `customerId` gives one thread. */
  async list(ownerId: string, query: ListMessagesQueryDto): Promise<Page<MessageResponse>> {
    const filter: MessageFilter = {
      search: query.q ? { term: query.q, platforms: platformsMatching(query.q) } : undefined,
      platform: query.platform,
      status: query.status,
      customerId: query.customerId ? requireUuid(query.customerId, 'Customer') : undefined,
      after: decodeCursor(query.cursor),
    };
    return this.queries.page(ownerId, filter, query.limit);
  }

  /** The owner answers by hand: stored as outgoing (not AI), and the customer's pending messages count as answered. */
  async reply(ownerId: string, dto: ReplyMessageDto): Promise<MessageResponse> {
    const customerId = requireUuid(dto.customerId, 'Customer');
    const message = await this.queries.storeOwnerReply(ownerId, customerId, randomUUID(), dto.content);
    if (!message) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    this.events.emit(ownerId, {
      type: 'message_responded',
      message: `Reply sent to ${message.customerName ?? 'customer'}`,
      data: { messageId: message.id, customerId },
    });
    return message;
  }

  private async schedule(messageId: string, ownerId: string, delaySeconds: number): Promise<void> {
    try {
      await this.replies.schedule({ messageId, ownerId }, delaySeconds * 1000);
    } catch (error) {
      this.logger.warn(`reply for ${messageId} not queued yet (${String(error)}); the reconciler will`);
    }
  }
}
