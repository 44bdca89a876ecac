import { randomUUID } from 'node:crypto';
import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DomainException, ErrorCode, maySend, messagingWindow, USAGE_SUBJECTS, workspaceActor } from '@parley/contracts';
import { Batcher, isOutage, OwnerEvents, ServiceClient } from '@parley/server-kit';
import type { Job } from 'bull';
import { AgentAnswers } from '../agent/agent-answers';
import {
  type GuardedReply,
  isProviderRateLimit,
  MAX_EVIDENCE_CHARS,
  ProviderError,
  ProviderErrorCode,
} from '@parley/agent';
import { AI_CONFIG_DEFAULTS, type AiConfigRow } from '../ai-config/ai-config.mapper';
import { MessagingConfig } from '../config/messaging.config';
import { DeliveriesClient } from '../outbound/deliveries.client';
import {
  deliveryRequest,
  isReachable,
  outgoingStatus,
  type OutgoingStatus,
} from '../outbound/delivery-request';
import { type PendingMessage, RepliesQueries, type ReplyToStore } from './replies.queries';
import { type ReplyJob, ReplyQueue } from './reply-queue';
import { customerInterest, opensLead, POTENTIAL_RANK, stageMoves } from './reply-rules';

interface Answer {
  messageId: string;
  reply: GuardedReply;
  /** `queued`: to be delivered to the customer's channel; `simulated` / `sent`: it goes nowhere. */
  status: OutgoingStatus;
  /** The customer's message, for the evidence of a stage move when the agent quoted none. */
  message: string;
  /** The owner's AI moves stages itself (ai_configs.stage_mode), else only suggests. */
  movesStage: boolean;
}

interface StoredReply {
  replyId: string;
  leadId?: string;
}

/** stageAfterReply as the storing statement takes it (computed once). */
const STAGE_MOVES = stageMoves();

/**
 * Why the AI must not answer this message now, if it must not: a person answered the customer lately
 * (the AI is paused for them), or the customer wrote through a connected channel and Meta's window no
 * longer lets an automated message through (only a person may answer, if anyone).
 */
export function holdBack(
  message: Pick<PendingMessage, 'platform' | 'pageId' | 'lastInboundAt' | 'aiPausedUntil' | 'needsPerson'>,
  now = new Date(),
): string | undefined {
  if (message.needsPerson)
    return 'the conversation was handed to a person (the AI waits until someone on the team replies)';
  if (message.aiPausedUntil !== null && Date.parse(message.aiPausedUntil) > now.getTime())
    return 'a person answered the customer lately (the AI is paused for them)';
  if (isReachable(message) && !maySend(messagingWindow(message.platform, message.lastInboundAt, now), 'ai'))
    return "Meta's 24-hour window for automated replies has closed";
  return undefined;
}

/**
 * Produces the AI reply to one inbound message, exactly once: the job id is the message id, and the
 * reply is stored only if the message is still pending when its row is locked, so a retried job or a
 * second worker after a crash finds it answered and stops. A provider failure is retried with backoff;
 * when attempts run out the message is marked failed with the reason. A reply to a customer who wrote
 * through a connected channel is stored `queued` and handed to integrations-service for delivery; the AI
 * never answers when holdBack says so, and leaves the message to a person. At the API-call limit the
 * message waits for the owner, or gets the owner's away message (see answerAtLimit).
 */
@Injectable()
export class ReplyProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ReplyProcessor.name);

  constructor(
    private readonly replies: ReplyQueue,
    private readonly queries: RepliesQueries,
    private readonly config: MessagingConfig,
    private readonly services: ServiceClient,
    private readonly answers: AgentAnswers,
    private readonly deliveries: DeliveriesClient,
    private readonly events: OwnerEvents,
  ) {}

  onModuleInit(): void {
    void this.replies.queue.process(this.config.REPLY_CONCURRENCY, (job: Job<ReplyJob>) =>
      this.handle(job.data),
    );
    this.replies.queue.on('failed', (job: Job<ReplyJob>, error: Error) => {
      if (job.attemptsMade >= (job.opts.attempts ?? 1)) void this.giveUp(job, error);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.replies.queue.close();
  }

  /** Reads the jobs' messages with everything the agent needs, many jobs in one statement under load. */
  private readonly loads = new Batcher<ReplyJob, PendingMessage | undefined>((jobs) =>
    this.queries.pending(jobs),
  );

  private readonly stores = new Batcher<Answer, StoredReply | undefined>((answers) => this.storeAll(answers));

  /**
   * Reads the message and what the agent needs, counts the call with billing while catalogue-service finds the
   * products the message is about and the knowledge base its passages, checks the passages against the catalogue
   * (knowledge-claims.ts), asks the agent, checks the reply's prices and stock (claim-check.ts) and the owner's
   * private notes (private-notes.ts) and stores it: three statements (reading and storing each shared with the other
   * jobs running at that moment; the retrieval is the owner's own) and two requests, plus a catalogue search per
   * sentence stating a price in the retrieved passages.
   */
  async handle({ messageId, ownerId }: ReplyJob): Promise<void> {
    const message = await this.loads.call({ messageId, ownerId });
    if (!message || message.status !== 'pending') return;
    const config = message.config ?? AI_CONFIG_DEFAULTS;
    if (!config.auto_respond) return;
    const reason = holdBack(message);
    if (reason !== undefined) {
      await this.queries.leaveForPerson({ messageId, ownerId });
      this.logger.log(`message ${messageId} left to a person: ${reason}`);
      return;
    }

    let reply: GuardedReply | undefined;
    try {
      reply = await this.answers.answer(
        ownerId,
        config,
        {
          message: message.content,
          customer: { name: message.customerName, platform: message.platform },
          history: message.history,
        },
        this.countCall(messageId, ownerId),
      );
    } catch (error) {
      if (error instanceof ProviderError) await this.providerFailed({ messageId, ownerId }, error);
      else throw error;
      return;
    }
    if (!reply) {
      await this.answerAtLimit(message, ownerId, config);
      return;
    }
    const stored = await this.stores.call({
      messageId,
      reply,
      status: outgoingStatus(message),
      message: message.content,
      movesStage: config.stage_mode !== 'suggest',
    });
    if (!stored) return;
    this.events.emit(ownerId, {
      type: 'message_responded',
      message: `The AI agent answered ${message.customerName}`,
      data: {
        messageId,
        replyId: stored.replyId,
        customerId: message.customerId,
        customerName: message.customerName,
        by: 'ai',
      },
    });
    if (stored.leadId) {
      this.events.emit(ownerId, {
        type: 'new_lead',
        message: `New lead: ${message.customerName}`,
        data: { leadId: stored.leadId, customerId: message.customerId, customerName: message.customerName },
      });
    }
    const delivery = deliveryRequest(stored.replyId, message, reply.response, 'ai');
    if (delivery) await this.deliveries.handOver(ownerId, delivery);
  }

  /**
   * The owner's calls are exhausted: if they chose an away message, it is stored as the reply (no call is
   * used) and delivered like an AI reply (Meta's 24-hour window applies), at most once in 24 hours per
   * customer (RepliesQueries.storeAwayMessage). A message it does not answer stays pending for the owner
   * and waits for the allowance to grow (AllowanceWaits), out of the reconciler's way.
   */
  private async answerAtLimit(message: PendingMessage, ownerId: string, config: AiConfigRow): Promise<void> {
    const text = config.at_limit_reply === 'away_message' ? config.away_message : null;
    if (!text || !(await this.sendAwayMessage(message, ownerId, text)))
      await this.queries.waitForAllowance({ messageId: message.id, ownerId });
  }

  /** Stores and delivers the away message as the answer to `message`; false when it was not (see above). */
  private async sendAwayMessage(message: PendingMessage, ownerId: string, text: string): Promise<boolean> {
    const replyId = randomUUID();
    const stored = await this.queries.storeAwayMessage({
      messageId: message.id,
      ownerId,
      replyId,
      content: text,
      status: outgoingStatus(message),
    });
    if (!stored) return false;
    this.events.emit(ownerId, {
      type: 'message_responded',
      message: `The away message was sent to ${message.customerName}`,
      data: {
        messageId: message.id,
        replyId,
        customerId: message.customerId,
        customerName: message.customerName,
        by: 'away',
      },
    });
    const delivery = deliveryRequest(replyId, message, text, 'ai');
    if (delivery) await this.deliveries.handOver(ownerId, delivery);
    return true;
  }

  /**
   * The provider gave no reply. Its own rate limit (a 429 from OpenAI) is not the owner's API-call limit: the message
   * is neither sent the away message nor left waiting for an allowance; the job is retried after the provider's
   * Retry-After (replyBackoff), and the owner's call stays counted once (the consume key is the message's), so the
   * retries cost the owner nothing. Its account's quota running out is the operator's to fix: logged as an error,
   * the message marked failed. Anything else retryable is retried; the rest marks the message failed.
   */
  private async providerFailed(job: ReplyJob, error: ProviderError): Promise<void> {
    if (isProviderRateLimit(error)) {
      const wait = error.retryAfterMs === undefined ? 'with backoff' : `in ${error.retryAfterMs} ms`;
      this.logger.warn(
        `the AI provider's rate limit (not the owner's API call limit) held up the reply to ${job.messageId}; retried ${wait}`,
      );
      throw error;
    }
    if (error.code === ProviderErrorCode.QuotaExhausted) {
      this.logger.error(
        `the AI provider account's quota is used up (the operator must add credit): ${error.message}`,
      );
    }
    if (error.retryable) throw error;
    await this.markFailed(job, error.message);
  }

  /** Counts the reply as an API call; false when the owner is at the limit (see answerAtLimit). */
  private async countCall(messageId: string, ownerId: string): Promise<boolean> {
    try {
      await this.services.send(
        USAGE_SUBJECTS.consume,
        { key: `reply:${messageId}` },
        { actor: workspaceActor(ownerId) },
      );
      return true;
    } catch (error) {
      if (error instanceof DomainException && error.code === ErrorCode.QuotaExceeded) {
        this.logger.warn(`owner ${ownerId} is at the API call limit (message ${messageId})`);
        return false;
      }
      throw error;
    }
  }

  /**
   * Stores replies, many in one statement (see RepliesQueries.store), with what each changes for its
   * customer decided by reply-rules.ts. A message answered twice within one batch is stored once.
   */
  private async storeAll(answers: Answer[]): Promise<(StoredReply | undefined)[]> {
    const first = new Map<string, Answer>();
    for (const answer of answers) if (!first.has(answer.messageId)) first.set(answer.messageId, answer);
    const input: ReplyToStore[] = [...first.values()].map(
      ({ messageId, reply, status, message, movesStage }) => ({
        messageId,
        replyId: randomUUID(),
        content: reply.response,
        metadata: {
          // The incoming message this reply answers (the inbox, audits and the fault runs follow it back).
          inReplyTo: messageId,
          analysis: reply.analysis,
          language: reply.language,
          needsHuman: reply.needsHuman,
          ...(reply.needsHumanReason ? { needsHumanReason: reply.needsHumanReason } : {}),
          ...(reply.claimCheck ? { claimCheck: reply.claimCheck } : {}),
          ...(reply.privateNoteCheck ? { privateNoteCheck: reply.privateNoteCheck } : {}),
        },
        needsHuman: reply.needsHuman,
        interest: customerInterest(reply.analysis.intent),
        potential: POTENTIAL_RANK[reply.analysis.lead_potential],
        opensLead: opensLead(reply.analysis.lead_potential),
        status,
        movesStage,
        evidence: {
          messageId,
          quote: reply.suggestedStage?.evidence ?? message.trim().slice(0, MAX_EVIDENCE_CHARS),
          intent: reply.analysis.intent,
          leadPotential: reply.analysis.lead_potential,
        },
      }),
    );
    const rows = await this.queries.store(input, STAGE_MOVES);
    const stored = new Map(rows.map((row) => [row.messageId, row]));
    const replyIds = new Map(input.map((i) => [i.messageId, i.replyId]));
    const leadsAnnounced = new Set<string>();
    return answers.map((answer) => {
      const row = stored.get(answer.messageId);
      if (!row || first.get(answer.messageId) !== answer) return undefined;
      // One lead per customer: announced with the first of that customer's replies in the batch.
      const leadId = row.leadId && !leadsAnnounced.has(row.leadId) ? row.leadId : undefined;
      if (leadId) leadsAnnounced.add(leadId);
      return { replyId: replyIds.get(answer.messageId) as string, leadId };
    });
  }

  /**
   * After the last attempt, from Bull's event: the message is marked failed with the reason, unless the
   * attempts were spent on an outage (isOutage: PostgreSQL or Redis out of reach, billing or NATS down or
   * not answering) or on the AI provider's rate limit (it clears, like an outage). Then it stays pending with its failed job, and the reconciler schedules it again once
   * the outage is over (ReplyQueue.hasLiveJob): five attempts last about 15 s, so a 30-s NATS outage used to
   * mark every reply under way failed, lost for good (the fault-injection test found it). It never throws
   * (nothing would catch it, and the service would stop): a job whose data was lost in Redis, or a database
   * that is down, is logged, and the reconciler finds the message still pending.
   */
  private async giveUp(job: Job<ReplyJob>, error: Error): Promise<void> {
    if (isOutage(error) || isProviderRateLimit(error)) {
      const during = isOutage(error) ? 'during an outage' : "on the AI provider's rate limit";
      this.logger.warn(
        `reply job ${String(job.id)} failed ${job.attemptsMade} times ${during} (${error.message}); the reconciler will schedule it again`,
      );
      return;
    }
    try {
      await this.markFailed(job.data, error.message);
    } catch (failure) {
      this.logger.warn(
        `reply job ${String(job.id)} failed ${job.attemptsMade} times (${error.message}) and was not marked failed: ${String(failure)}`,
      );
    }
  }

  private async markFailed(job: ReplyJob, reason: string): Promise<void> {
    await this.queries.markFailed(job, reason.slice(0, 500));
    this.logger.warn(`reply to ${job.messageId} failed for good: ${reason}`);
  }
}
