import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';

/** Which rollup rows a report reads: the owner's, one platform or all, with or without test data. */
export interface ReportFilter {
  ownerId: string;
  platform: string | null;
  includeTest: boolean;
}

/** The summed counters of some rollup rows (report_days), under one key (a period, a channel). */
export interface ReportCounts {
  key: string;
  conversationsStarted: number;
  conversationsUnanswered: number;
  conversationsHandedOff: number;
  conversationsAiResolved: number;
  messagesIn: number;
  messagesOutAi: number;
  messagesOutPerson: number;
  messagesOutAway: number;
  leadsOpened: number;
  leadsValue: number;
  /** Customers who first reached each stage or a later one, in CUSTOMER_STAGES order. */
  reached: [number, number, number, number, number];
}

/** A response-time histogram's count and the steps (RESPONSE_TIME_SCALE) holding its median and 90th percentile. */
export interface ReportPercentiles {
  key: string;
  kind: 'first_ai' | 'first_person' | 'reply_ai' | 'reply_person';
  count: number;
  p50Step: number;
  p90Step: number;
}

/** How report rows are grouped: one range split at a date, days, weeks from a start date, or platforms. */
export type ReportGrouping =
  { by: 'split'; at: string } | { by: 'day' } | { by: 'week'; from: string } | { by: 'platform' };

interface CountsRow {
  key: string;
  conversations_started: string;
  conversations_unanswered: string;
  conversations_handed_off: string;
  conversations_ai_resolved: string;
  messages_in: string;
  messages_out_ai: string;
  messages_out_person: string;
  messages_out_away: string;
  leads_opened: string;
  leads_value: string;
  reached_new: string;
  reached_interested: string;
  reached_qualified: string;
  reached_follow_up: string;
  reached_converted: string;
}

interface PercentilesRow {
  key: string;
  kind: ReportPercentiles['kind'];
  total: string;
  p50: number;
  p90: number;
}

const COUNTED = [
  'conversations_started',
  'conversations_unanswered',
  'conversations_handed_off',
  'conversations_ai_resolved',
  'messages_in',
  'messages_out_ai',
  'messages_out_person',
  'messages_out_away',
  'leads_opened',
  'leads_value',
  'reached_new',
  'reached_interested',
  'reached_qualified',
  'reached_follow_up',
  'reached_converted',
] as const;

/**
 * The grouping key as SQL text and its parameters (placed first in the statement), and how the grouped key is
 * written out: dates are grouped as dates and formatted once per group, not once per row (to_char on every
 * response-time row was most of a daily series' time).
 */
function keyOf(grouping: ReportGrouping): {
  expression: string;
  params: unknown[];
  output: (key: string) => string;
} {
  const asText = (key: string) => key;
  const asDate = (key: string) => `to_char(${key}, 'YYYY-MM-DD')`;
  switch (grouping.by) {
    case 'split':
      return {
        expression: `case when day >= ?::date then 'current' else 'previous' end`,
        params: [grouping.at],
        output: asText,
      };
    case 'day':
      return { expression: 'day', params: [], output: asDate };
    case 'week':
      return {
        expression: `greatest(date_trunc('week', day)::date, ?::date)`,
        params: [grouping.from],
        output: asDate,
      };
    case 'platform':
      return { expression: 'platform', params: [], output: asText };
  }
}

/** The filter on report rows as SQL text (after `where`), and its parameters. */
function whereOf(filter: ReportFilter, from: string, to: string): { text: string; params: unknown[] } {
  const params: unknown[] = [filter.ownerId, from, to];
  let text = 'owner_id = ? and day between ?::date and ?::date';
  if (filter.platform !== null) {
    text += ' and platform = ?';
    params.push(filter.platform);
  }
  if (!filter.includeTest) text += ' and not is_test';
  return { text, params };
}

/**
 * The SQL of the reports: reading the rollups, and folding what changed into them. The rollups and the functions
 * that keep them are in Migration20261213300000 (docs/reports.md).
 */
@Injectable()
export class ReportsQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Folds the owner's due marks into their rollups (waiting for another fold of theirs to end), so that a report
   * counts everything stored before it was asked. Returns how many marks there were.
   */
  async fold(ownerId: string): Promise<number> {
    const [row] = await sql<{ taken: number }>(this.em, 'select report_fold(?, true) as taken', [ownerId]);
    return row.taken;
  }

  /** Owners with due marks, at most `limit` (the background fold). */
  async ownersToFold(limit: number): Promise<string[]> {
    const rows = await sql<{ owner_id: string }>(
      this.em,
      `select distinct owner_id from report_dirty where due_at <= now() limit ${Math.trunc(limit)}`,
      [],
    );
    return rows.map((row) => row.owner_id);
  }

  /** Folds the owner's due marks unless another transaction is folding them (-1 then). */
  async foldIfFree(ownerId: string): Promise<number> {
    const [row] = await sql<{ taken: number }>(this.em, 'select report_fold(?, false) as taken', [ownerId]);
    return row.taken;
  }

  /** The owner's time zone as the rollups use it (UTC until set). */
  async timeZone(ownerId: string): Promise<string> {
    const [row] = await sql<{ tz: string }>(this.em, 'select report_time_zone(?) as tz', [ownerId]);
    return row.tz;
  }

  /** The counters summed per key over the days from..to. */
  async counts(
    filter: ReportFilter,
    from: string,
    to: string,
    grouping: ReportGrouping,
  ): Promise<ReportCounts[]> {
    const key = keyOf(grouping);
    const where = whereOf(filter, from, to);
    const rows = await sql<CountsRow>(
      this.em,
      `select ${key.output('g.key')} as key, ${COUNTED.map((c) => `g.${c}`).join(', ')}
         from (select ${key.expression} as key, ${COUNTED.map((c) => `sum(${c}) as ${c}`).join(', ')}
                 from report_days where ${where.text}
                group by 1) g
        order by g.key`,
      [...key.params, ...where.params],
    );
    return rows.map((row) => ({
      key: row.key,
      conversationsStarted: Number(row.conversations_started),
      conversationsUnanswered: Number(row.conversations_unanswered),
      conversationsHandedOff: Number(row.conversations_handed_off),
      conversationsAiResolved: Number(row.conversations_ai_resolved),
      messagesIn: Number(row.messages_in),
      messagesOutAi: Number(row.messages_out_ai),
      messagesOutPerson: Number(row.messages_out_person),
      messagesOutAway: Number(row.messages_out_away),
      leadsOpened: Number(row.leads_opened),
      leadsValue: Number(row.leads_value),
      reached: [
        Number(row.reached_new),
        Number(row.reached_interested),
        Number(row.reached_qualified),
        Number(row.reached_follow_up),
        Number(row.reached_converted),
      ],
    }));
  }

  /**
   * Per key and kind: how many response times, and the steps holding the one at rank ⌈N/2⌉ and ⌈9N/10⌉ in
   * ascending order (docs/reports.md, "Response times").
   */
  async percentiles(
    filter: ReportFilter,
    from: string,
    to: string,
    grouping: ReportGrouping,
  ): Promise<ReportPercentiles[]> {
    const key = keyOf(grouping);
    const where = whereOf(filter, from, to);
    const rows = await sql<PercentilesRow>(
      this.em,
      `with h as (
         select ${key.expression} as key, kind, bucket, sum(n) as n
           from report_response_days where ${where.text}
          group by 1, 2, 3
       ), c as (
         select key, kind, bucket,
                sum(n) over (partition by key, kind order by bucket) as cum,
                sum(n) over (partition by key, kind) as total
           from h
       )
       select ${key.output('key')} as key, kind, max(total) as total,
              min(bucket) filter (where cum >= ceil(total / 2)) as p50,
              min(bucket) filter (where cum >= ceil(total * 9 / 10)) as p90
         from c group by key, kind`,
      [...key.params, ...where.params],
    );
    return rows.map((row) => ({
      key: row.key,
      kind: row.kind,
      count: Number(row.total),
      p50Step: Number(row.p50),
      p90Step: Number(row.p90),
    }));
  }
}
