import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { LeadResponse } from '@parley/contracts';
import { sqlTuples } from '@parley/server-kit';
import { LEAD_COLUMNS, type LeadColumns, leadFromColumns } from './lead.mapper';

/**
 * The statement (for a `with` list) that opens a lead for each customer of `from` meeting `condition`,
 * unless they have a lead already (docs/inbox.md, "Leads"): `from` names a relation with the customer's
 * `id`, `owner_id`, `platform`, `source` and `stage`, as written by the same statement. The lead's source
 * is the platform the customer came through, or `manual` for one the owner added. The one-open-lead index
 * settles two statements racing for one customer. Returns `id, customer_id` of each lead opened.
 * Every path that moves a customer's stage or rates them opens leads through it.
 */
export function openLeadsSql(from: string, condition: string): string {
  return `insert into leads (id, owner_id, customer_id, source)
          select gen_random_uuid(), f.owner_id, f.id, case when f.source = 'manual' then 'manual' else f.platform end
            from ${from} f
           where (${condition}) and not exists (select from leads l where l.customer_id = f.id)
          on conflict (customer_id) where status = 'new' do nothing
          returning id, customer_id`;
}

/** The SQL of leads: reading them here; they are opened by the statements that move customers (openLeadsSql). */
@Injectable()
export class LeadsQueries {
  constructor(private readonly em: EntityManager) {}

  /** The owner's leads of one customer, newest first. */
  async ofCustomer(ownerId: string, customerId: string): Promise<LeadResponse[]> {
    const rows = await sqlTuples<LeadColumns>(
      this.em,
      `select ${LEAD_COLUMNS.map((column) => (column === 'is_test' ? 'c.is_test' : `l.${column}`)).join(', ')}
         from leads l join customers c on c.id = l.customer_id
        where l.customer_id = ? and l.owner_id = ? order by l.created_at desc, l.id desc`,
      [customerId, ownerId],
    );
    return rows.map(leadFromColumns);
  }
}
