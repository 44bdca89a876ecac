import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DomainException,
  ErrorCode,
  type LeadPotential,
  type Platform,
  USAGE_SUBJECTS,
} from '@parley/contracts';
import { Batcher, ServiceClient, sql } from '@parley/server-kit';
import type { Job } from 'bull';
import { AGENT_PROVIDER } from '../agent/agent.tokens';
import {
  type AgentContext,
  type AgentProvider,
  type AgentReply,
  ProviderError,
} from '../agent/agent-provider';
import { AI_CONFIG_DEFAULTS, type AiConfigRow } from '../ai-config/ai-config.service';
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
  /** The owner's stored AI configuration; null when they never saved one (the defaults apply). */
  config: AiConfigRow | null;
  /** The conversation before this message, oldest first. */
  history: AgentContext['history'];
}

interface Answer {
  messageId: string;
  reply: AgentReply;
}

interface StoredReply {
  replyId: string;
  leadId?: string;
}

/** How far a reply moves the customer: medium lead potential → `interested`, high → `qualified`. */
const POTENTIAL_RANK: Record<LeadPotential, number> = { low: 0, medium: 1, high: 2 };

/** Above this many messages of one conversation, the agent sees only the most recent ones. */
const HISTORY = 10;

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

  /** Reads the jobs' messages with everything the agent needs, many jobs in one statement under load. */
  private readonly loads = new Batcher<ReplyJob, PendingMessage | undefined>(async (jobs) => {
    const rows = await sql<PendingMessage & { owner_id: string }>(
      this.em,
      `select m.id, m.owner_id, m.customer_id, m.customer_name, m.platform, m.content, m.status,
              to_jsonb(config) as config,
              coalesce((
                select json_agg(json_build_object('direction', h.direction, 'content', h.content) order by h.timestamp)
                  from (select direction, content, timestamp from messages
                         where customer_id = m.customer_id and id <> m.id
                         order by timestamp desc limit ${HISTORY}) h
              ), '[]') as history
         from messages m
         left join ai_configs config on config.owner_id = m.owner_id
        where m.id = any(?::uuid[])`,
      [jobs.map((job) => job.messageId)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return jobs.map(({ messageId, ownerId }) => {
      const row = byId.get(messageId);
      return row?.owner_id === ownerId ? row : undefined;
    });
  });

  private readonly stores = new Batcher<Answer, StoredReply | undefined>((answers) => this.storeAll(answers));

  /**
   * Reads the message and what the agent needs, counts the call with billing, asks the agent, and stores
   * the reply: two statements (each shared with the other jobs running at that moment) and one request.
   */
  async handle({ messageId, ownerId }: ReplyJob): Promise<void> {
    const message = await this.loads.call({ messageId, ownerId });
    if (!message || message.status !== 'pending') return;
    const config = message.config ?? AI_CONFIG_DEFAULTS;
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

    let reply: AgentReply;
    try {
      const context = agentContext(
        config,
        { name: message.customer_name, platform: message.platform },
        message.history,
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
    const stored = await this.stores.call({ messageId, reply });
    if (!stored) return;
    this.events.emit(ownerId, {
      type: 'message_responded',
      message: `The AI agent answered ${message.customer_name}`,
      data: { messageId, replyId: stored.replyId, customerId: message.customer_id },
    });
    if (stored.leadId) {
      this.events.emit(ownerId, {
        type: 'new_lead',
        message: `New lead: ${message.customer_name}`,
        data: { leadId: stored.leadId, customerId: message.customer_id },
      });
    }
  }

  /**
   * Stores replies in one statement, so one transaction. An inbound message turns `responded` only if it
   * is still pending (a second worker waits for the first one's row lock, then finds it answered and
   * changes nothing), and only with it are its reply, its customer's update and a lead written. A message
   * answered twice within one batch is stored once. Per customer: `lastContact` is set, `interest` takes
   * the latest intent that is not a greeting, and the stage moves forward only (medium lead potential →
   * `interested`, high → `qualified`, which also opens a lead if the customer has no open one).
   */
  private async storeAll(answers: Answer[]): Promise<(StoredReply | undefined)[]> {
    const first = new Map<string, Answer>();
    for (const answer of answers) if (!first.has(answer.messageId)) first.set(answer.messageId, answer);
    const input = [...first.values()].map(({ messageId, reply }) => ({
      message_id: messageId,
      reply_id: randomUUID(),
      content: reply.response,
      metadata: { analysis: reply.analysis, language: reply.language },
      interest: ['greeting', 'other'].includes(reply.analysis.intent)
        ? null
        : reply.analysis.intent.replace(/_/g, ' '),
      potential: POTENTIAL_RANK[reply.analysis.lead_potential],
    }));
    const rows = await sql<{ message_id: string; lead_id: string | null }>(
      this.em,
      `with input as (
         select * from jsonb_to_recordset(?::jsonb)
           as i(message_id uuid, reply_id uuid, content text, metadata jsonb, interest text, potential int)
       ), answered as (
         update messages m set status = 'responded',
                response_time = greatest(0, round(extract(epoch from now() - m.timestamp)))::int
           from input i
          where m.id = i.message_id and m.status = 'pending'
          returning m.id, m.owner_id, m.customer_id, m.customer_name, m.platform, m.timestamp
       ), replies as (
         insert into messages (id, owner_id, customer_id, customer_name, platform, content, direction, status, ai_generated, metadata, timestamp)
         select i.reply_id, a.owner_id, a.customer_id, a.customer_name, a.platform, i.content, 'outgoing', 'sent', true, i.metadata,
                clock_timestamp()
           from answered a join input i on i.message_id = a.id
       ), per_customer as (
         select a.customer_id, a.owner_id, a.platform,
                (array_agg(i.interest order by a.timestamp desc) filter (where i.interest is not null))[1] as interest,
                max(i.potential) as potential
           from answered a join input i on i.message_id = a.id
          group by a.customer_id, a.owner_id, a.platform
       ), customers_updated as (
         update customers c set last_contact = now(),
                interest = coalesce(p.interest, c.interest),
                stage = case when p.potential = 2 and c.stage in ('new', 'interested') then 'qualified'
                             when p.potential = 1 and c.stage = 'new' then 'interested'
                             else c.stage end
           from per_customer p
          where c.id = p.customer_id
       ), leads_opened as (
         insert into leads (id, owner_id, customer_id, source)
         select gen_random_uuid(), owner_id, customer_id, platform from per_customer where potential = 2
         on conflict (customer_id) where status = 'new' do nothing
         returning id, customer_id
       )
       select a.id as message_id, l.id as lead_id
         from answered a left join leads_opened l on l.customer_id = a.customer_id`,
      [JSON.stringify(input)],
    );
    const stored = new Map(rows.map((row) => [row.message_id, row]));
    const replyIds = new Map(input.map((i) => [i.message_id, i.reply_id]));
    const leadsAnnounced = new Set<string>();
    return answers.map((answer) => {
      const row = stored.get(answer.messageId);
      if (!row || first.get(answer.messageId) !== answer) return undefined;
      // One lead per customer: announced with the first of that customer's replies in the batch.
      const leadId = row.lead_id && !leadsAnnounced.has(row.lead_id) ? row.lead_id : undefined;
      if (leadId) leadsAnnounced.add(leadId);
      return { replyId: replyIds.get(answer.messageId) as string, leadId };
    });
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
