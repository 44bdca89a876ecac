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
 * Every path that moves a customer's stage or rates them opens leads through it. `value` is the new lead's
 * value, as an SQL expression.
 */
export function openLeadsSql(from: string, condition: string, value = 'null'): string {
  return `insert into leads (id, owner_id, customer_id, source, value)
          select gen_random_uuid(), f.owner_id, f.id, case when f.source = 'manual' then 'manual' else f.platform end,
                 ${value}
            from ${from} f
           where (${condition}) and not exists (select from leads l where l.customer_id = f.id)
          on conflict (customer_id) where status = 'new' do nothing
          returning id, customer_id`;
}

/** The SQL of leads: reading them here; they are opened by the statements that move customers (openLeadsSql). */
@Injectable()
export class LeadsQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Sets what the owner's customer's lead is worth (null clears it): their newest lead's value, or a new lead's
   * when they have none and `value` is not null. Undefined when the owner has no such customer; else the id of
   * the lead opened, or null.
   */
  async setValue(ownerId: string, customerId: string, value: number | null): Promise<string | null | undefined> {
    const [row] = await sqlTuples<[found: boolean, opened: string | null]>(
      this.em,
      `with customer as (select id, owner_id, platform, source from customers where id = ? and owner_id = ?),
            newest as (select l.id from leads l join customer c on l.customer_id = c.id
                        order by l.created_at desc limit 1),
            updated as (update leads l set value = ?::numeric from newest n where l.id = n.id returning l.id),
            opened as (${openLeadsSql('customer', '?::numeric is not null', '?::numeric')})
       select exists (select from customer), (select id from opened)`,
      [customerId, ownerId, value, value, value],
    );
    return row?.[0] ? row[1] : undefined;
  }

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
