import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  type Platform,
  REPLAY_KEPT_DAYS,
  type ReplayDraftDto,
  type ReplayResult,
  type ReplayStatus,
} from '@parley/contracts';
import { sql } from '@parley/server-kit';
import type { AgentContext } from '@parley/agent';
import { HISTORY } from '../replies/replies.queries';

/** A stored replay (`replays` row). */
export interface ReplayRow {
  id: string;
  owner_id: string;
  draft: ReplayDraftDto;
  message_limit: number;
  status: ReplayStatus;
  done: number;
  total: number;
  error: string | null;
  results: ReplayResult[];
  /** A timestamptz comes as text (see isoTime). */
  created_at: string;
  expires_at: string;
}

/** A customer message to answer again, with what came before it in its conversation. */
export interface CustomerMessage {
  content: string;
  customer_name: string;
  platform: Platform;
  history: AgentContext['history'];
}

const COLUMNS = `id, owner_id, draft, message_limit, status, done, total, error, results, created_at,
  created_at + interval '${REPLAY_KEPT_DAYS} days' as expires_at`;
const KEPT = `created_at > now() - interval '${REPLAY_KEPT_DAYS} days'`;
/** Longer than any replay runs (issue 30: 50 messages in 30 s; at most REPLAY_LIMIT.max and the test cases). */
const REPLAY_STALE_MINUTES = 10;

/** The SQL of replays: the only place that reads or writes `replays`. */
@Injectable()
export class ReplaysQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores a queued replay unless the owner has one queued or running (false then; one started more than
   * REPLAY_STALE_MINUTES ago no longer counts, should its job have been lost), and deletes every owner's replays
   * past REPLAY_KEPT_DAYS (replays_created_idx). The owner's key is locked, so two requests at once store one.
   */
  async create(id: string, ownerId: string, draft: ReplayDraftDto, limit: number): Promise<boolean> {
    return this.em.fork().transactional(async (em) => {
      await sql(em, `delete from replays where not (${KEPT})`);
      await sql(em, 'select pg_advisory_xact_lock(hashtext(?))', [`replays:${ownerId}`]);
      const rows = await sql(
        em,
        `insert into replays (id, owner_id, draft, message_limit)
         select ?, ?, ?::jsonb, ?
          where not exists (
            select from replays where owner_id = ? and status in ('queued', 'running')
              and created_at > now() - interval '${REPLAY_STALE_MINUTES} minutes')
         returning id`,
        [id, ownerId, JSON.stringify(draft), limit, ownerId],
      );
      return rows.length > 0;
    });
  }

  /** The owner's replay while it is kept; undefined otherwise. */
  async find(ownerId: string, id: string): Promise<ReplayRow | undefined> {
    const [row] = await sql<ReplayRow>(
      this.em,
      `select ${COLUMNS} from replays where id = ? and owner_id = ? and ${KEPT}`,
      [id, ownerId],
    );
    return row;
  }

  /** Marks the replay running (again, when a run was cut short); undefined when it is gone or already ended. */
  async start(id: string): Promise<ReplayRow | undefined> {
    const [row] = await sql<ReplayRow>(
      this.em,
      `update replays set status = 'running', done = 0, total = 0
        where id = ? and status in ('queued', 'running') and ${KEPT} returning ${COLUMNS}`,
      [id],
    );
    return row;
  }

  /** How far it got; answers finishing out of order never move it back. */
  async progress(id: string, done: number, total: number): Promise<void> {
    await sql(this.em, 'update replays set done = greatest(done, ?), total = ? where id = ?', [
      done,
      total,
      id,
    ]);
  }

  async finish(id: string, results: ReplayResult[]): Promise<void> {
    await sql(this.em, `update replays set status = 'done', done = total, results = ?::jsonb where id = ?`, [
      JSON.stringify(results),
      id,
    ]);
  }

  async fail(id: string, error: string): Promise<void> {
    await sql(this.em, `update replays set status = 'failed', error = ? where id = ?`, [error, id]);
  }

  /** The owner's latest `limit` customer messages, newest first, each with its conversation's earlier messages. */
  latestCustomerMessages(ownerId: string, limit: number): Promise<CustomerMessage[]> {
    return sql<CustomerMessage>(
      this.em,
      `select m.content, m.customer_name, m.platform,
              coalesce((
                select json_agg(json_build_object('direction', h.direction, 'content', h.content) order by h.timestamp, h.id)
                  from (select id, direction, content, timestamp from messages
                         where customer_id = m.customer_id and (timestamp, id) < (m.timestamp, m.id) and kind = 'chat'
                         order by timestamp desc, id desc limit ${HISTORY}) h
              ), '[]') as history
         from messages m
        where m.owner_id = ? and m.direction = 'incoming'
        order by m.timestamp desc, m.id desc
        limit ?`,
      [ownerId, limit],
    );
  }
}
