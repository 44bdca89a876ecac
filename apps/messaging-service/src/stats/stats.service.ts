import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { StatsResponse } from '@parley/contracts';

/** Dashboard figures, computed from the owner's rows. */
@Injectable()
export class StatsService {
  constructor(private readonly em: EntityManager) {}

  async get(ownerId: string): Promise<StatsResponse> {
    const [row] = await this.em
      .getConnection()
      .execute<
        {
          total_messages: string;
          new_leads: string;
          customers: string;
          converted: string;
          avg_response: string | null;
        }[]
      >(
        `select
         (select count(*) from messages where owner_id = ?) as total_messages,
         (select count(*) from leads where owner_id = ? and status = 'new') as new_leads,
         (select count(*) from customers where owner_id = ?) as customers,
         (select count(*) from customers where owner_id = ? and stage = 'converted') as converted,
         (select avg(response_time) from messages
           where owner_id = ? and direction = 'incoming' and response_time is not null) as avg_response`,
        [ownerId, ownerId, ownerId, ownerId, ownerId],
      );
    const customers = Number(row.customers);
    return {
      totalMessages: Number(row.total_messages),
      newLeads: Number(row.new_leads),
      conversionRate: customers === 0 ? 0 : Math.round((Number(row.converted) / customers) * 1000) / 10,
      avgResponseTime: row.avg_response === null ? 0 : Math.round(Number(row.avg_response) * 10) / 10,
    };
  }
}
