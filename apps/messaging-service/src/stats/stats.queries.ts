import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerStage } from '@parley/contracts';
import { sql } from '@parley/server-kit';

/** The owner's figures the dashboard is computed from (docs/inbox.md, "Dashboard figures"). */
export interface StatsCounts {
  totalMessages: number;
  /** Leads opened in the last `newLeadsDays` days. */
  newLeads: number;
  /** Customers with a lead (any status). */
  withLead: number;
  /** Of those, the ones at `convertedStage`. */
  convertedWithLead: number;
  /** Mean seconds to answer an inbound message, over those answered; null when none is. */
  avgResponseSeconds: number | null;
  /**
   * Incoming messages marked needs_human with no reply by a person to their customer after them (outgoing,
   * not AI, not the away message).
   */
  needsHuman: number;
}

interface StatsRow {
  total_messages: string;
  new_leads: string;
  with_lead: string;
  converted_with_lead: string;
  avg_response: string | null;
  needs_human: string;
}

/** The SQL of the dashboard. */
@Injectable()
export class StatsQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * `includeTest` false: without the simulated customers and their messages and leads (a lead is test data
   * when its customer is).
   */
  async counts(
    ownerId: string,
    which: { newLeadsDays: number; convertedStage: CustomerStage; includeTest: boolean },
  ): Promise<StatsCounts> {
    const real = (alias: string) => (which.includeTest ? '' : `and not ${alias}.is_test`);
    const [row] = await sql<StatsRow>(
      this.em,
      `select
         (select count(*) from messages m where m.owner_id = ? and m.kind = 'chat' ${real('m')}) as total_messages,
         (select count(*) from leads l where l.owner_id = ? and l.created_at > now() - make_interval(days => ?::int)
             ${which.includeTest ? '' : 'and not exists (select from customers t where t.id = l.customer_id and t.is_test)'}
         ) as new_leads,
         lead_customers.with_lead, lead_customers.converted_with_lead,
         (select avg(m.response_time) from messages m
           where m.owner_id = ? and m.direction = 'incoming' and m.response_time is not null ${real('m')}) as avg_response,
         (select count(*) from messages m where m.owner_id = ? and m.needs_human ${real('m')}
             and not exists (select from messages r where r.customer_id = m.customer_id
                              and r.direction = 'outgoing' and not r.ai_generated and r.kind = 'chat'
                              and not coalesce((r.metadata ->> 'awayMessage')::boolean, false)
                              and r.timestamp > m.timestamp)
         ) as needs_human
       from (select count(*) as with_lead, count(*) filter (where c.stage = ?) as converted_with_lead
               from customers c
              where c.owner_id = ? ${real('c')} and exists (select from leads l where l.customer_id = c.id)) lead_customers`,
      [ownerId, ownerId, which.newLeadsDays, ownerId, ownerId, which.convertedStage, ownerId],
    );
    return {
      totalMessages: Number(row.total_messages),
      newLeads: Number(row.new_leads),
      withLead: Number(row.with_lead),
      convertedWithLead: Number(row.converted_with_lead),
      avgResponseSeconds: row.avg_response === null ? null : Number(row.avg_response),
      needsHuman: Number(row.needs_human),
    };
  }
}
