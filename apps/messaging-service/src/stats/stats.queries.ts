import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerStage } from '@parley/contracts';
import { sql } from '@parley/server-kit';

/** The owner's figures the dashboard is computed from. */
export interface StatsCounts {
  totalMessages: number;
  /** Leads at `openLeadStatus`. */
  openLeads: number;
  customers: number;
  /** Customers at `convertedStage`. */
  converted: number;
  /** Mean seconds to answer an inbound message, over those answered; null when none is. */
  avgResponseSeconds: number | null;
  /** Incoming messages marked needs_human with no manual reply to their customer after them. */
  needsHuman: number;
}

interface StatsRow {
  total_messages: string;
  open_leads: string;
  customers: string;
  converted: string;
  avg_response: string | null;
  needs_human: string;
}

/** The SQL of the dashboard. */
@Injectable()
export class StatsQueries {
  constructor(private readonly em: EntityManager) {}

  async counts(
    ownerId: string,
    which: { openLeadStatus: string; convertedStage: CustomerStage },
  ): Promise<StatsCounts> {
    const [row] = await sql<StatsRow>(
      this.em,
      `select
         (select count(*) from messages where owner_id = ?) as total_messages,
         (select count(*) from leads where owner_id = ? and status = ?) as open_leads,
         (select count(*) from customers where owner_id = ?) as customers,
         (select count(*) from customers where owner_id = ? and stage = ?) as converted,
         (select avg(response_time) from messages
           where owner_id = ? and direction = 'incoming' and response_time is not null) as avg_response,
         (select count(*) from messages m where m.owner_id = ? and m.needs_human
             and not exists (select from messages r where r.customer_id = m.customer_id
                              and r.direction = 'outgoing' and not r.ai_generated and r.timestamp > m.timestamp)
         ) as needs_human`,
      [ownerId, ownerId, which.openLeadStatus, ownerId, ownerId, which.convertedStage, ownerId, ownerId],
    );
    return {
      totalMessages: Number(row.total_messages),
      openLeads: Number(row.open_leads),
      customers: Number(row.customers),
      converted: Number(row.converted),
      avgResponseSeconds: row.avg_response === null ? null : Number(row.avg_response),
      needsHuman: Number(row.needs_human),
    };
  }
}
