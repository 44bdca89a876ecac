import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { LEAD_STAGES, type Platform, type StageEvidence } from '@parley/contracts';
import { isoTime, sql } from '@parley/server-kit';
import type { AgentContext } from '@parley/agent';
import type { AiConfigRow } from '../ai-config/ai-config.mapper';
import { conversationOf } from '../conversations/conversation-state';
import { setLastMessage } from '../conversations/last-message';
import { openLeadsSql } from '../leads/leads.queries';
import type { OutgoingStatus } from '../outbound/delivery-request';
import type { ReplyJob } from './reply-queue';
import type { StageMoves } from './reply-rules';

/** An inbound message with everything the agent needs to answer it. */
export interface PendingMessage {
  id: string;
  customerId: string;
  customerName: string;
  platform: Platform;
  content: string;
  status: string;
  /** The owner's stored AI configuration; null when they never saved one (the defaults apply). */
  config: AiConfigRow | null;
  /** The conversation before this message, oldest first. */
  history: AgentContext['history'];
  /** The connected page the customer wrote to; null for a simulated customer (replies are only stored). */
  pageId: string | null;
  /** The customer's id on the platform. */
  platformUsername: string;
  /** When the customer last wrote, ISO (Meta's window). */
  lastInboundAt: string | null;
  /** The AI leaves the customer alone until then (a person answered), ISO; null when it never paused. */
  aiPausedUntil: string | null;
  /** A simulated customer: replies are stored `simulated` and go nowhere. */
  isTest: boolean;
  /**
   * The conversation was handed to a person (the customer's needs_human: an AI reply said so, or a message was left
   * to a person) and no one on the team has replied since: the AI does not answer.
   */
  needsPerson: boolean;
}

/** An AI reply to store, with what it changes for its customer (decided in reply-rules.ts). */
export interface ReplyToStore {
  messageId: string;
  replyId: string;
  content: string;
  metadata: Record<string, unknown>;
  /** The agent could not answer from what the owner taught: the inbound message is marked for the owner. */
  needsHuman: boolean;
  /** The customer's new interest; null keeps theirs. */
  interest: string | null;
  /** POTENTIAL_RANK of the reply's lead potential: a customer's highest in a batch moves their stage. */
  potential: number;
  opensLead: boolean;
  /** `queued` to be delivered to the customer's channel; `simulated` or `sent` when it goes nowhere. */
  status: OutgoingStatus;
  /** The owner's AI moves stages itself (`stageMode: 'move'`); otherwise a move it points to is only suggested. */
  movesStage: boolean;
  /** Why the stage moves: the customer's words from the message and the agent's reading (stage_changes). */
  evidence: StageEvidence;
}

/** A reply that was stored (its message was still pending), and the lead it opened if any. */
export interface StoredReplyRow {
  messageId: string;
  leadId: string | null;
}

/** The owner's away message to store as the reply to an inbound message, at the API-call limit. */
export interface AwayMessageToStore {
  messageId: string;
  ownerId: string;
  replyId: string;
  content: string;
  /** `queued` to be delivered to the customer's channel; `simulated` or `sent` when it goes nowhere. */
  status: OutgoingStatus;
}

/** How long a customer who got the away message gets no other (docs/billing.md). */
const AWAY_MESSAGE_EVERY = '24 hours';

/** The defaults that apply to an owner who never saved an AI configuration. */
export interface ReplyDefaults {
  autoRespond: boolean;
  responseDelay: number;
}

/** Above this many messages of one conversation, the agent sees only the most recent ones. */
export const HISTORY = 10;

interface PendingRow {
  id: string;
  owner_id: string;
  customer_id: string;
  customer_name: string;
  platform: Platform;
  content: string;
  status: string;
  config: AiConfigRow | null;
  history: AgentContext['history'];
  page_id: string | null;
  platform_username: string;
  last_inbound_at: string | null;
  ai_paused_until: string | null;
  is_test: boolean;
  needs_human: boolean;
}

/** The SQL of AI replies: reading what the agent needs, storing its replies, and the reconciler's scan. */
@Injectable()
export class RepliesQueries {
  constructor(private readonly em: EntityManager) {}

  /** Each job's message, in the jobs' order; undefined when it does not exist or is another owner's. */
  async pending(jobs: readonly ReplyJob[]): Promise<(PendingMessage | undefined)[]> {
    const rows = await sql<PendingRow>(
      this.em,
      `select m.id, m.owner_id, m.customer_id, m.customer_name, m.platform, m.content, m.status,
              c.page_id, c.platform_username, v.last_inbound_at, v.ai_paused_until, c.is_test, v.needs_human,
              to_jsonb(config) as config,
              coalesce((
                select json_agg(json_build_object('direction', h.direction, 'content', h.content) order by h.timestamp)
                  from (select direction, content, timestamp from messages
                         where customer_id = m.customer_id and id <> m.id and kind = 'chat'
                         order by timestamp desc limit ${HISTORY}) h
              ), '[]') as history
         from messages m
         join customers c on c.id = m.customer_id
         ${conversationOf('c', 'v')}
         left join ai_configs config on config.owner_id = m.owner_id
        where m.id = any(?::uuid[])`,
      [jobs.map((job) => job.messageId)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return jobs.map(({ messageId, ownerId }) => {
      const row = byId.get(messageId);
      if (row?.owner_id !== ownerId) return undefined;
      return {
        id: row.id,
        customerId: row.customer_id,
        customerName: row.customer_name,
        platform: row.platform,
        content: row.content,
        status: row.status,
        config: row.config,
        history: row.history,
        pageId: row.page_id,
        platformUsername: row.platform_username,
        lastInboundAt: row.last_inbound_at === null ? null : isoTime(row.last_inbound_at),
        aiPausedUntil: row.ai_paused_until === null ? null : isoTime(row.ai_paused_until),
        isTest: row.is_test,
        needsPerson: row.needs_human,
      };
    });
  }

  /**
   * Stores replies in one statement, so one transaction. An inbound message turns `responded` only if it
   * is still pending (a second worker waits for the first one's row lock, then finds it answered and
   * changes nothing), and only with it are its reply, its conversation's and customer's updates and a lead
   * written. Per customer, in the conversation: the last contact, the latest activity and newest message (its
   * newest reply), and it needs a person if a reply says so (until a person answers). The customer's row is
   * written only if they change: `interest` takes the latest non-null one, the stage moves as `stageMoves`
   * says for the highest `potential`, recorded with that reply's evidence, or, when the owner's AI only suggests,
   * the move becomes the customer's pending suggestion (stage_suggestions). A lead opens if a reply says so or the stage is (now) a lead stage,
   * unless the customer has one (openLeadsSql). `replies` has one entry per message.
   */
  async store(replies: readonly ReplyToStore[], stageMoves: StageMoves): Promise<StoredReplyRow[]> {
    const input = replies.map((r) => ({
      message_id: r.messageId,
      reply_id: r.replyId,
      content: r.content,
      metadata: r.metadata,
      needs_human: r.needsHuman,
      interest: r.interest,
      potential: r.potential,
      opens_lead: r.opensLead,
      status: r.status,
      moves_stage: r.movesStage,
      evidence: r.evidence,
    }));
    const rows = await sql<{ message_id: string; lead_id: string | null }>(
      this.em,
      `with input as (
         select * from jsonb_to_recordset(?::jsonb)
           as i(message_id uuid, reply_id uuid, content text, metadata jsonb, needs_human boolean, interest text,
                potential int, opens_lead boolean, status text, moves_stage boolean, evidence jsonb)
       ), answered as (
         update messages m set status = 'responded', needs_human = i.needs_human,
                response_time = greatest(0, round(extract(epoch from now() - m.timestamp)))::int
           from input i
          where m.id = i.message_id and m.status = 'pending'
          returning m.id, m.owner_id, m.customer_id, m.customer_name, m.platform, m.timestamp, m.is_test
       ), replies as (
         insert into messages (id, owner_id, customer_id, customer_name, platform, content, direction, status, ai_generated, metadata, timestamp,
                               is_test)
         select i.reply_id, a.owner_id, a.customer_id, a.customer_name, a.platform, i.content, 'outgoing', i.status, true, i.metadata,
                clock_timestamp(), a.is_test
           from answered a join input i on i.message_id = a.id
         returning id, customer_id, content, timestamp
       ), newest_reply as (
         select distinct on (customer_id) id, customer_id, content from replies order by customer_id, timestamp desc, id desc
       ), per_customer as (
         select a.customer_id,
                (array_agg(i.interest order by a.timestamp desc) filter (where i.interest is not null))[1] as interest,
                max(i.potential) as potential,
                bool_or(i.opens_lead) as opens_lead,
                bool_or(i.needs_human) as needs_human,
                bool_and(i.moves_stage) as moves_stage,
                (array_agg(i.evidence order by i.potential desc, a.timestamp desc))[1] as evidence,
                (select max(r.timestamp) from replies r where r.customer_id = a.customer_id) as replied_at
           from answered a join input i on i.message_id = a.id
          group by a.customer_id
       ), mover as materialized (
         -- Who moves each customer, for the trigger that records the change (Migration20261218100000).
         select set_config('parley.stage_move',
                  coalesce(jsonb_object_agg(p.customer_id::text, coalesce(p.evidence, '{}') || '{"by": "ai"}'), '{}')::text,
                  true)
           from per_customer p
       ), conversations_updated as (
         update conversations v set last_contact = now(),
                last_message_at = greatest(v.last_message_at, p.replied_at),
                ${setLastMessage({ id: 'n.id', content: 'n.content', direction: `'outgoing'`, aiGenerated: 'true' })},
                needs_human = v.needs_human or p.needs_human
           from per_customer p join newest_reply n on n.customer_id = p.customer_id
          where v.customer_id = p.customer_id
       ), customers_moved as (
         update customers c set interest = coalesce(p.interest, c.interest),
                stage = case when p.moves_stage then coalesce((?::jsonb -> p.potential::text) ->> c.stage, c.stage)
                             else c.stage end
           from per_customer p, mover
          where c.id = p.customer_id
            and (c.interest is distinct from coalesce(p.interest, c.interest)
                 or (p.moves_stage and (?::jsonb -> p.potential::text) ->> c.stage is not null))
          returning c.id, c.stage
       ), suggested as (
         insert into stage_suggestions (customer_id, owner_id, from_stage, to_stage, message_id, quote, intent,
                                        lead_potential)
         select c.id, c.owner_id, c.stage, (?::jsonb -> p.potential::text) ->> c.stage, (p.evidence ->> 'messageId')::uuid,
                coalesce(p.evidence ->> 'quote', ''), p.evidence ->> 'intent', p.evidence ->> 'leadPotential'
           from per_customer p join customers c on c.id = p.customer_id
          where not p.moves_stage and (?::jsonb -> p.potential::text) ->> c.stage is not null
         on conflict (customer_id) do update set from_stage = excluded.from_stage, to_stage = excluded.to_stage,
                message_id = excluded.message_id, quote = excluded.quote, intent = excluded.intent,
                lead_potential = excluded.lead_potential, at = now()
       ), customers_now as (
         select c.id, c.owner_id, c.platform, c.source, coalesce(cm.stage, c.stage) as stage, p.opens_lead
           from per_customer p join customers c on c.id = p.customer_id
           left join customers_moved cm on cm.id = c.id
       ), leads_opened as (
         ${openLeadsSql('customers_now', 'f.opens_lead or f.stage = any(?::text[])')}
       )
       select a.id as message_id, l.id as lead_id
         from answered a left join leads_opened l on l.customer_id = a.customer_id`,
      [JSON.stringify(input), ...Array<string>(4).fill(JSON.stringify(stageMoves)), LEAD_STAGES],
    );
    return rows.map((row) => ({ messageId: row.message_id, leadId: row.lead_id }));
  }

  /**
   * Stores the away message as the reply to a pending inbound message, in one statement: the message turns
   * `responded` and the reply is written (outgoing, not AI-generated, metadata `{ awayMessage: true }`) only
   * if the customer got no away message in the 24 hours before this message arrived. The message row is
   * locked first, then the conversation's, whose `away_message_at` is the claim: a second worker waits for it,
   * then finds it taken. Comparing with the message's time, not now, means a message left pending beside an
   * away message never gets one later when the reconciler picks it up again. False when nothing was stored.
   */
  async storeAwayMessage(away: AwayMessageToStore): Promise<boolean> {
    const rows = await sql<{ id: string }>(
      this.em,
      `with inbound as (
         select id, owner_id, customer_id, customer_name, platform, timestamp, is_test from messages
          where id = ? and owner_id = ? and status = 'pending'
            for update
       ), claimed as (
         update conversations v set away_message_at = now(), last_contact = now(),
                last_message_at = greatest(v.last_message_at, now()),
                ${setLastMessage({ id: '?::uuid', content: '?', direction: `'outgoing'`, aiGenerated: 'false' })}
           from inbound i
          where v.customer_id = i.customer_id
            and (v.away_message_at is null or v.away_message_at <= i.timestamp - interval '${AWAY_MESSAGE_EVERY}')
          returning v.customer_id as id
       ), answered as (
         update messages m set status = 'responded',
                response_time = greatest(0, round(extract(epoch from now() - m.timestamp)))::int
           from inbound i join claimed on claimed.id = i.customer_id
          where m.id = i.id
          returning m.id
       )
       insert into messages (id, owner_id, customer_id, customer_name, platform, content, direction, status, ai_generated, metadata, timestamp,
                             is_test)
       select ?, i.owner_id, i.customer_id, i.customer_name, i.platform, ?, 'outgoing', ?, false, jsonb_build_object('awayMessage', true, 'inReplyTo', i.id), clock_timestamp(),
              i.is_test
         from inbound i join answered a on a.id = i.id
       returning id`,
      [away.messageId, away.ownerId, away.replyId, away.content, away.replyId, away.content, away.status],
    );
    return rows.length > 0;
  }

  /**
   * The owner had no calls left for this pending message: it waits for the allowance to grow, out of the
   * reconciler's way (docs/agent.md, "At the API-call limit"). Nothing when it is no longer pending.
   */
  async waitForAllowance({ messageId, ownerId }: ReplyJob): Promise<void> {
    await sql(
      this.em,
      `insert into allowance_waits (message_id, owner_id)
       select id, owner_id from messages where id = ? and owner_id = ? and status = 'pending'
       on conflict do nothing`,
      [messageId, ownerId],
    );
  }

  /** The owner's allowance grew: their waiting messages, oldest first, to schedule once each. */
  async releaseAllowanceWaits(ownerId: string): Promise<ReplyJob[]> {
    const rows = await sql<{ message_id: string; since: string }>(
      this.em,
      'delete from allowance_waits where owner_id = ? returning message_id, since',
      [ownerId],
    );
    rows.sort((a, b) => a.since.localeCompare(b.since));
    return rows.map((row) => ({ messageId: row.message_id, ownerId }));
  }

  /** Owners with messages waiting for their allowance, longest waiting first, at most `limit`. */
  async ownersWaitingForAllowance(limit: number): Promise<string[]> {
    const rows = await sql<{ owner_id: string }>(
      this.em,
      `select owner_id from allowance_waits group by owner_id order by min(since) limit ?::int`,
      [limit],
    );
    return rows.map((row) => row.owner_id);
  }

  /**
   * Leaves the message to a person: it stays pending, marked needs_human (the dashboard counts it; the
   * reconciler no longer schedules it), and so does its conversation (until a person answers).
   */
  async leaveForPerson({ messageId, ownerId }: ReplyJob): Promise<void> {
    await sql(
      this.em,
      `with marked as (
         update messages set needs_human = true where id = ? and owner_id = ? and status = 'pending'
         returning customer_id
       )
       update conversations v set needs_human = true from marked where v.customer_id = marked.customer_id`,
      [messageId, ownerId],
    );
  }

  /** Marks the message failed with the reason, if it is still pending. */
  async markFailed({ messageId, ownerId }: ReplyJob, reason: string): Promise<void> {
    await sql(
      this.em,
      `update messages set status = 'failed', failure_reason = ? where id = ? and owner_id = ? and status = 'pending'`,
      [reason, messageId, ownerId],
    );
  }

  /**
   * Inbound messages still pending `graceSeconds` past their reply's due time (the owner's response
   * delay), of owners who auto respond, at most `limit`; not those left to a person (needs_human). Owners take turns: every owner's oldest overdue
   * message first, then every owner's second oldest, and so on. Pending incoming messages are asked for as
   * `awaiting = 'reply'`, the predicate of their partial index (Migration20261210200000).
   */
  async overdue(graceSeconds: number, limit: number, defaults: ReplyDefaults): Promise<ReplyJob[]> {
    const rows = await sql<{ id: string; owner_id: string }>(
      this.em,
      `select id, owner_id from (
         select m.id, m.owner_id, m.timestamp,
                row_number() over (partition by m.owner_id order by m.timestamp) as turn
           from messages m
           left join ai_configs c on c.owner_id = m.owner_id
          where m.awaiting = 'reply' and not m.needs_human
            and not exists (select 1 from allowance_waits w where w.message_id = m.id)
            and coalesce(c.auto_respond, ?::boolean)
            and m.timestamp < now() - make_interval(secs => coalesce(c.response_delay, ?::int) + ?::float8)
       ) overdue
       order by turn, timestamp limit ?::int`,
      [defaults.autoRespond, defaults.responseDelay, graceSeconds, limit],
    );
    return rows.map((row) => ({ messageId: row.id, ownerId: row.owner_id }));
  }
}
