import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  type CustomerPlatform,
  type CustomerResponse,
  type CustomerStage,
  LEAD_STAGES,
  type Platform,
  type StageEvidence,
  type StageMover,
} from '@parley/contracts';
import { likePattern, type Page, sqlTuples } from '@parley/server-kit';
import { conversationOf } from '../conversations/conversation-state';
import { openLeadsSql } from '../leads/leads.queries';
import type { Cursor } from '../shared/cursor';
import { type NewestFirstList, newestFirstPage } from '../shared/list-sql';
import { isCheckViolation, isUniqueViolation } from '../shared/pg-errors';
import {
  CUSTOMER_COLUMNS,
  type CustomerColumns,
  customerFromColumns,
  customerPosition,
  customerSelect,
  STORED_CUSTOMER_COLUMNS,
} from './customer.mapper';

/** A channel's customer, by owner and platform id, with the name their profile gives now. */
export interface ChannelName {
  ownerId: string;
  platform: Platform;
  platformUsername: string;
  name: string;
}

/** One channel customer's key among ChannelNames. */
export function channelNameKey(n: Omit<ChannelName, 'name'>): string {
  return `${n.ownerId} ${n.platform} ${n.platformUsername}`;
}

/** Which customers a page lists. */
export interface CustomerFilter {
  /** In the name, email or platform username, case-insensitively. */
  q?: string;
  platform?: CustomerPlatform;
  stage?: CustomerStage;
  /** False: not the simulated (test) customers. */
  includeTest?: boolean;
  after?: Cursor;
}

/**
 * Who moves a customer's stage, and for an accepted AI suggestion its evidence: what the trigger recording the change
 * reads (Migration20261218100000).
 */
export type StageMove = { by: StageMover; userId?: string } & Partial<StageEvidence>;

/** A customer to store, every column decided by the caller. */
export interface NewCustomer {
  id: string;
  ownerId: string;
  name: string;
  platform: CustomerPlatform;
  /** Null for a `manual` customer known by email or phone only. */
  platformUsername: string | null;
  email: string | null;
  phone: string | null;
  interest: string | null;
  notes: string | null;
  stage: CustomerStage;
  source: string;
}

/** What the contact panel changes: each field given replaces the stored one (null clears it). */
export interface ContactChanges {
  name?: string;
  email?: string | null;
  phone?: string | null;
  interest?: string | null;
  notes?: string | null;
  tags?: string[];
  stage?: CustomerStage;
}

/** A customer as a write left them, and the lead it opened for them (lead stages: openLeadsSql). */
export interface CustomerWritten {
  customer: CustomerResponse;
  /** Null when no lead was opened (not at a lead stage, or they have one). */
  leadId: string | null;
}

/**
 * The text customer search matches, for a customer aliased `alias`: name, email and platform username.
 * Written as customers_owner_search_idx is (Migration20261207140000), so that the index serves it; a
 * `manual` customer may have no username.
 */
export function customerSearchText(alias: string): string {
  return `(lower(${alias}.name) || ' ' || coalesce(lower(${alias}.email), '') || ' ' || coalesce(lower(${alias}.platform_username), ''))`;
}

/**
 * The newest-first list of customers with their conversations, read as CustomerColumns. Every customer has
 * one (a trigger adds it); the join is a left one so that PostgreSQL leaves it out where nothing of the
 * conversation is read (a search's matches are then sorted from the customers alone).
 */
const LIST: NewestFirstList<CustomerColumns, CustomerResponse> = {
  table: 'customers',
  alias: 'c',
  at: 'created_at',
  join: 'left join conversations v on v.customer_id = c.id',
  columns: CUSTOMER_COLUMNS,
  select: customerSelect('c', 'v'),
  map: customerFromColumns,
  position: customerPosition,
};
/** A written row as CustomerColumns (columns named, not `*`: a prepared statement's columns are fixed). */
const RETURNING = `returning ${STORED_CUSTOMER_COLUMNS.join(', ')}`;

/** ContactChanges field → column (the same names but one). */
const CONTACT_COLUMNS = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  interest: 'interest',
  notes: 'notes',
  tags: 'tags',
  stage: 'stage',
} as const satisfies Record<keyof ContactChanges, string>;

/**
 * Adds the platform, stage and test-data conditions of a filter (on customers aliased `c`) to `where` and
 * `params`: the customers' lists and the conversations' share them.
 */
export function pushCustomerConditions(
  filter: Pick<CustomerFilter, 'platform' | 'stage' | 'includeTest'>,
  where: string[],
  params: unknown[],
): void {
  if (filter.platform) {
    where.push('c.platform = ?');
    params.push(filter.platform);
  }
  if (filter.stage) {
    where.push('c.stage = ?');
    params.push(filter.stage);
  }
  if (filter.includeTest === false) where.push('not c.is_test');
}

/** The conditions (on customers aliased `c`) of a filter, but its `after`. */
function filterSql(ownerId: string, filter: CustomerFilter): { where: string[]; params: unknown[] } {
  const where = ['c.owner_id = ?'];
  const params: unknown[] = [ownerId];
  if (filter.q) {
    where.push(`${customerSearchText('c')} like ?`);
    params.push(likePattern(filter.q));
  }
  pushCustomerConditions(filter, where, params);
  return { where, params };
}

/** The SQL of customers: the only place that reads or writes their table. */
@Injectable()
export class CustomersQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Newest first, `limit` customers after `filter.after`. As for messages: a search sorts the positions
   * of every match found through the trigram index, then reads the page's rows.
   */
  page(ownerId: string, filter: CustomerFilter, limit: number): Promise<Page<CustomerResponse>> {
    const { where, params } = filterSql(ownerId, filter);
    return newestFirstPage(
      this.em,
      LIST,
      { where, params, after: filter.after, viaHits: Boolean(filter.q) },
      limit,
    );
  }

  /**
   * The board's column headers: per stage, the customers matching `filter` (its `after` is not read) and the
   * sum of their lead values. Only the stages someone is at are answered.
   */
  async stageTotals(
    ownerId: string,
    filter: CustomerFilter,
  ): Promise<{ stage: CustomerStage; count: number; value: number }[]> {
    const { where, params } = filterSql(ownerId, filter);
    const rows = await sqlTuples<[stage: string, count: number, value: string]>(
      this.em,
      `select c.stage, count(*)::int, coalesce(sum(lead.value), 0)::text
         from customers c
         left join lateral (select l.value from leads l where l.customer_id = c.id
                             order by l.created_at desc limit 1) lead on true
        where ${where.join(' and ')}
        group by c.stage`,
      params,
    );
    return rows.map(([stage, count, value]) => ({
      stage: stage as CustomerStage,
      count,
      value: Number(value),
    }));
  }

  /**
   * The stored customer, with a lead if they start at a lead stage; undefined when another customer of the
   * owner has its platform and username.
   */
  async insert(c: NewCustomer): Promise<CustomerWritten | undefined> {
    try {
      return await this.writeOpeningLead(
        `insert into customers (id, owner_id, name, platform, platform_username, email, phone, interest, notes, stage, source)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          c.id,
          c.ownerId,
          c.name,
          c.platform,
          c.platformUsername,
          c.email,
          c.phone,
          c.interest,
          c.notes,
          c.stage,
          c.source,
        ],
      );
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** The owner's customer with this id, or undefined. */
  async byId(ownerId: string, id: string): Promise<CustomerResponse | undefined> {
    const [row] = await sqlTuples<CustomerColumns>(
      this.em,
      `select ${customerSelect('c', 'v')} from customers c ${conversationOf('c', 'v')} where c.id = ? and c.owner_id = ?`,
      [id, ownerId],
    );
    return row && customerFromColumns(row);
  }

  /**
   * Applies the contact panel's changes (at least one), opening a lead if the stage is now a lead stage.
   * A new name is copied onto the customer's messages too (each carries it: Migration20261122100000).
   * Undefined when the owner has no customer with this id; `no contact left` (nothing changed) when the
   * changes would leave a `manual` customer with no username, email or phone (Migration20261207140000).
   */
  async update(
    ownerId: string,
    id: string,
    changes: ContactChanges,
    mover?: StageMove,
  ): Promise<CustomerWritten | 'no contact left' | undefined> {
    const fields = (Object.keys(CONTACT_COLUMNS) as (keyof ContactChanges)[]).filter(
      (field) => changes[field] !== undefined,
    );
    return this.writeOpeningLead(
      `update customers set ${fields.map((field) => `${CONTACT_COLUMNS[field]} = ?`).join(', ')}
        ${mover ? 'from mover' : ''} where id = ? and owner_id = ?`,
      [...fields.map((field) => changes[field]), id, ownerId],
      changes.name === undefined
        ? undefined
        : `update messages m set customer_name = w.name from written w
            where m.customer_id = w.id and m.customer_name <> w.name`,
      mover,
    ).catch((error: unknown) => {
      if (isCheckViolation(error, 'customers_manual_contact_check')) return 'no contact left' as const;
      throw error;
    });
  }

  /**
   * Undoes an AI move: the customer goes back to the change's `from` stage as a person's move, and the change is
   * marked undone, in one statement; only while the change is the customer's latest (so they are still at its
   * `to` stage). Undefined when nothing moved (no such change, or the customer has moved since).
   */
  async undoMove(
    ownerId: string,
    customerId: string,
    change: { id: string; from: CustomerStage; to: CustomerStage },
    mover: StageMove,
  ): Promise<CustomerWritten | undefined> {
    // Only the customer's latest change is undone, as the panel offers it: an older AI move the customer came
    // back to by later moves is history, not the move that put them where they are.
    return this.writeOpeningLead(
      `update customers set stage = ? from mover where id = ? and owner_id = ? and stage = ?
          and ?::bigint = (select s.id from stage_changes s where s.customer_id = customers.id
                            order by s.at desc, s.id desc limit 1)`,
      [change.from, customerId, ownerId, change.to, change.id, change.id],
      `update stage_changes s set undone_at = now() from written w where s.id = ? and s.customer_id = w.id`,
      mover,
    );
  }

  /**
   * Names each owner's customer of its platform id as the channel does now, and their messages with it, in one
   * statement for all of them (one transaction: the names read together from the platforms are written
   * together; one statement each was the busiest statement of the delivery bench, performance.md). A customer
   * appears at most once in `names` (see inRounds). Answers, at each name's position, the id of the customer
   * renamed; undefined when there is none or the name is already this one.
   */
  async nameFromChannel(names: readonly ChannelName[]): Promise<(string | undefined)[]> {
    const input = names.map((n) => ({
      owner_id: n.ownerId,
      platform: n.platform,
      platform_username: n.platformUsername,
      name: n.name,
    }));
    const rows = await sqlTuples<[id: string, ownerId: string, platform: string, platformUsername: string]>(
      this.em,
      `with input as (
         select * from jsonb_to_recordset(?::jsonb)
           as i(owner_id uuid, platform text, platform_username text, name text)
       ), written as (
         update customers c set name = i.name
           from input i
          where c.owner_id = i.owner_id and c.platform = i.platform and c.platform_username = i.platform_username
            and not c.is_test and c.name <> i.name
          returning c.id, c.name, c.owner_id, c.platform, c.platform_username
       ), also as (
         update messages m set customer_name = w.name from written w
          where m.customer_id = w.id and m.customer_name <> w.name
       )
       select id, owner_id, platform, platform_username from written`,
      [JSON.stringify(input)],
    );
    const renamed = new Map(rows.map(([id, ...key]) => [key.join(' '), id]));
    return names.map((n) => renamed.get(channelNameKey(n)));
  }

  /**
   * Runs `write` (an insert or update of one customer, without its `returning`) and opens a lead if the
   * customer is now at a lead stage and has none, in one statement; `also` is one more statement of the
   * same `with`, reading the written row as `written`. Undefined when nothing was written. A new customer's
   * conversation is added at the end of the statement (its trigger), so it is read here as none: the state
   * of a conversation that has just begun (no contact, no message, no pause).
   */
  private async writeOpeningLead(
    write: string,
    params: unknown[],
    also?: string,
    mover?: StageMove,
  ): Promise<CustomerWritten | undefined> {
    // `mover`: who moves the stage, set for this statement's transaction before `write` runs (it reads `mover`).
    const [row] = await sqlTuples<[...CustomerColumns, leadId: string | null]>(
      this.em,
      `with ${mover ? `mover as materialized (select set_config('parley.stage_move', ?, true) as moved),` : ''}
            written as (${write} ${RETURNING}, owner_id),
            ${also === undefined ? '' : `also as (${also}),`}
            lead as (${openLeadsSql('written', 'f.stage = any(?::text[])')})
       select ${customerSelect('written', 'v')}, lead.id
         from written left join conversations v on v.customer_id = written.id left join lead on true`,
      [...(mover ? [JSON.stringify({ '*': mover })] : []), ...params, LEAD_STAGES],
    );
    if (!row) return undefined;
    const leadId = row[CUSTOMER_COLUMNS.length] as string | null;
    return { customer: customerFromColumns(row as unknown as CustomerColumns), leadId };
  }
}
