import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DomainException, ErrorCode, type Platform, USAGE_SUBJECTS } from '@parley/contracts';
import { ServiceClient } from '@parley/server-kit';
import type { Job } from 'bull';
import { AGENT_PROVIDER } from '../agent/agent.tokens';
import { type AgentProvider, type AgentReply, ProviderError } from '../agent/agent-provider';
import { AiConfigService } from '../ai-config/ai-config.service';
import { MessagingConfig } from '../config/messaging.config';
import { OwnerEvents } from '../shared/owner-events';
import { agentContext } from './agent-context';
import { type ReplyJob, ReplyQueue } from './reply-queue';

interface PendingMessage {
  id: string;
  customer_id: string;
  customer_name: string;
  platform: Platform;
  content: string;
  status: string;
}

/**
 * Produces the AI reply to one inbound message, exactly once: the job id is the message id, and the
 * reply is stored only if the message is still pending when its row is locked, so a retried job or a
 * second worker after a crash finds it answered and stops. A provider failure is retried with backoff;
 * when attempts run out the message is marked failed with the reason.
 */
@Injectable()
export class ReplyProcessor implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ReplyProcessor.name);

  constructor(
    private readonly replies: ReplyQueue,
    private readonly em: EntityManager,
    private readonly config: MessagingConfig,
    private readonly aiConfig: AiConfigService,
    private readonly services: ServiceClient,
    private readonly events: OwnerEvents,
    @Inject(AGENT_PROVIDER) private readonly agent: AgentProvider,
  ) {}

  onModuleInit(): void {
    void this.replies.queue.process(this.config.REPLY_CONCURRENCY, (job: Job<ReplyJob>) =>
      this.handle(job.data),
    );
    this.replies.queue.on('failed', (job: Job<ReplyJob>, error: Error) => {
      if (job.attemptsMade >= (job.opts.attempts ?? 1)) void this.markFailed(job.data, error.message);
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.replies.queue.close();
  }

  async handle({ messageId, ownerId }: ReplyJob): Promise<void> {
    const em = this.em.fork();
    const [message] = await em.getConnection().execute<PendingMessage[]>(
      `select m.id, m.customer_id, c.name as customer_name, m.platform, m.content, m.status
         from messages m join customers c on c.id = m.customer_id
        where m.id = ? and m.owner_id = ?`,
      [messageId, ownerId],
    );
    if (!message || message.status !== 'pending') return;
    const config = await this.aiConfig.row(ownerId, em);
    if (!config.auto_respond) return;

    try {
      await this.services.send(
        USAGE_SUBJECTS.consume,
        { key: `reply:${messageId}` },
        { actor: { userId: ownerId } },
      );
    } catch (error) {
      if (error instanceof DomainException && error.code === ErrorCode.QuotaExceeded) {
        this.logger.warn(`owner ${ownerId} is at the API call limit; message ${messageId} stays pending`);
        return;
      }
      throw error;
    }

    const history = await em
      .getConnection()
      .execute<{ direction: 'incoming' | 'outgoing'; content: string }[]>(
        `select direction, content from (
         select direction, content, timestamp from messages
          where customer_id = ? and id <> ? order by timestamp desc limit 10
       ) recent order by timestamp`,
        [message.customer_id, messageId],
      );
    let reply: AgentReply;
    try {
      const context = agentContext(
        config,
        { name: message.customer_name, platform: message.platform },
        history,
      );
      reply = await this.agent.reply(
        message.content,
        context,
        AbortSignal.timeout(this.config.AGENT_TIMEOUT_MS),
      );
    } catch (error) {
      if (error instanceof ProviderError && !error.retryable) {
        await this.markFailed({ messageId, ownerId }, error.message);
        return;
      }
      throw error;
    }
    await this.store(em, ownerId, message, reply);
  }

  private async store(
    em: EntityManager,
    ownerId: string,
    message: PendingMessage,
    reply: AgentReply,
  ): Promise<void> {
    const { intent, lead_potential: potential } = reply.analysis;
    const outcome = await em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const [current] = await conn.execute<{ status: string }[]>(
        'select status from messages where id = ? for update',
        [message.id],
        'all',
        ctx,
      );
      if (current?.status !== 'pending') return undefined;
      const [stored] = await conn.execute<{ id: string }[]>(
        `insert into messages (id, owner_id, customer_id, platform, content, direction, status, ai_generated, metadata)
         values (gen_random_uuid(), ?, ?, ?, ?, 'outgoing', 'sent', true, ?) returning id`,
        [
          ownerId,
          message.customer_id,
          message.platform,
          reply.response,
          JSON.stringify({ analysis: reply.analysis, language: reply.language }),
        ],
        'all',
        ctx,
      );
      await conn.execute(
        `update messages set status = 'responded', response_time = greatest(0, round(extract(epoch from now() - timestamp)))::int
          where id = ?`,
        [message.id],
        'run',
        ctx,
      );
      const advance = potential === 'high' ? ['new', 'interested'] : potential === 'medium' ? ['new'] : [];
      await conn.execute(
        `update customers set last_contact = now(),
           interest = case when ? then ? else interest end,
           stage = case when stage = any(?::text[]) then ? else stage end
         where id = ?`,
        [
          intent !== 'greeting' && intent !== 'other',
          intent.replace(/_/g, ' '),
          `{${advance.join(',')}}`,
          potential === 'high' ? 'qualified' : 'interested',
          message.customer_id,
        ],
        'run',
        ctx,
      );
      let leadId: string | undefined;
      if (potential === 'high') {
        const [lead] = await conn.execute<{ id: string }[]>(
          `insert into leads (id, owner_id, customer_id, source) values (gen_random_uuid(), ?, ?, ?)
           on conflict (customer_id) where status = 'new' do nothing returning id`,
          [ownerId, message.customer_id, message.platform],
          'all',
          ctx,
        );
        leadId = lead?.id;
      }
      return { replyId: stored.id, leadId };
    });
    if (!outcome) return;
    this.events.emit(ownerId, {
      type: 'message_responded',
      message: `The AI agent answered ${message.customer_name}`,
      data: { messageId: message.id, replyId: outcome.replyId, customerId: message.customer_id },
    });
    if (outcome.leadId) {
      this.events.emit(ownerId, {
        type: 'new_lead',
        message: `New lead: ${message.customer_name}`,
        data: { leadId: outcome.leadId, customerId: message.customer_id },
      });
    }
  }

  private async markFailed({ messageId, ownerId }: ReplyJob, reason: string): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(
        `update messages set status = 'failed', failure_reason = ? where id = ? and owner_id = ? and status = 'pending'`,
        [reason.slice(0, 500), messageId, ownerId],
      );
    this.logger.warn(`reply to ${messageId} failed for good: ${reason}`);
  }
}
