import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '@parley/server-kit';

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
}
