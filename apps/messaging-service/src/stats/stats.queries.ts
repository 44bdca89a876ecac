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
}

interface StatsRow {
  total_messages: string;
  open_leads: string;
  customers: string;
  converted: string;
  avg_response: string | null;
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
           where owner_id = ? and direction = 'incoming' and response_time is not null) as avg_response`,
      [ownerId, ownerId, which.openLeadStatus, ownerId, ownerId, which.convertedStage, ownerId],
    );
    return {
      totalMessages: Number(row.total_messages),
      openLeads: Number(row.open_leads),
      customers: Number(row.customers),
      converted: Number(row.converted),
      avgResponseSeconds: row.avg_response === null ? null : Number(row.avg_response),
    };
  }
}
