import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';
import type { LinkTargets, PaymentLink, PaymentLinks } from './payment-links';

export interface PlanRow {
  id: string;
  name: string;
  monthly_price_cents: number;
  monthly_api_calls: number | null;
  checkout: string;
  popular: boolean;
  payment_link: string | null;
}

export interface PackageRow {
  id: string;
  name: string;
  api_calls: number;
  price_cents: number;
  estimated_cost_cents: number;
  color: string;
  payment_link: string | null;
  sort_order: number;
}

/** The catalogue: plans and refill packages, rows an operator edits without a deploy. */
@Injectable()
export class CatalogueQueries {
  constructor(private readonly em: EntityManager) {}

  plans(): Promise<PlanRow[]> {
    return sql<PlanRow>(
      this.em,
      `select id, name, monthly_price_cents, monthly_api_calls, checkout, popular, payment_link
         from plans order by sort_order, id`,
    );
  }

  /** The refills on sale, in their order. */
  activePackages(): Promise<PackageRow[]> {
    return sql<PackageRow>(
      this.em,
      `select id, name, api_calls, price_cents, estimated_cost_cents, color, payment_link, sort_order
         from usage_packages where is_active order by sort_order, id`,
    );
  }

  /** Where a payment link may go: the plans sold by payment link, and the refills on sale. */
  async linkTargets(): Promise<LinkTargets> {
    const rows = await sql<{ section: 'plans' | 'refills'; id: string }>(
      this.em,
      `select 'plans' as section, id from plans where checkout = 'payment_link'
       union all
       select 'refills', id from usage_packages where is_active
       order by 1, 2`,
    );
    const of = (section: 'plans' | 'refills') => rows.filter((r) => r.section === section).map((r) => r.id);
    return { plans: of('plans'), refills: of('refills') };
  }

  /**
   * Makes the rows' payment links what `links` says, every other row's none, in one transaction (replicas
   * starting together take turns). Only rows that differ are written: their links are cleared first, so
   * that two rows may swap link ids. Answers the rows changed, as `plans.pro` or `refills.power`.
   */
  async syncPaymentLinks(links: PaymentLinks): Promise<string[]> {
    return this.em.transactional(async (em) => {
      await sql(em, `select pg_advisory_xact_lock(hashtext('parley:payment-links'))`);
      const changed: string[] = [];
      for (const [section, table] of [
        ['plans', 'plans'],
        ['refills', 'usage_packages'],
      ] as const) {
        const desired = JSON.stringify(
          [...links[section]].map(([id, link]: [string, PaymentLink]) => ({
            id,
            url: link.url,
            link_id: link.id,
          })),
        );
        const cleared = await sql<{ id: string }>(
          em,
          `update ${table} t set payment_link = null, payment_link_id = null
             from ${table} cur left join jsonb_to_recordset(?::jsonb) as d(id text, url text, link_id text)
                  on d.id = cur.id
            where t.id = cur.id
              and (cur.payment_link is distinct from d.url or cur.payment_link_id is distinct from d.link_id)
           returning t.id`,
          [desired],
        );
        await sql(
          em,
          `update ${table} t set payment_link = d.url, payment_link_id = d.link_id
             from jsonb_to_recordset(?::jsonb) as d(id text, url text, link_id text)
            where t.id = d.id and t.id = any(?::text[])`,
          [desired, cleared.map((r) => r.id)],
        );
        changed.push(...cleared.map((r) => `${section}.${r.id}`));
      }
      return changed.sort();
    });
  }
}
