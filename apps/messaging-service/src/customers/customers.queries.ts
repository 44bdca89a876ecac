import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerResponse, CustomerStage, Platform } from '@parley/contracts';
import { sql, sqlTuples } from '@parley/server-kit';
import type { Cursor } from '../shared/cursor';
import { fetchLimit, likePattern, toPage } from '../shared/list-sql';
import type { Page } from '../shared/page';
import { isUniqueViolation } from '../shared/pg-errors';
import {
  CUSTOMER_COLUMNS,
  type CustomerColumns,
  customerFromColumns,
  customerPosition,
  type CustomerRow,
  toCustomerResponse,
} from './customer.mapper';

/** Which customers a page lists. */
export interface CustomerFilter {
  /** In the name, email or platform username, case-insensitively. */
  q?: string;
  platform?: Platform;
  stage?: CustomerStage;
  after?: Cursor;
}

/** A customer to store, every column decided by the caller. */
export interface NewCustomer {
  id: string;
  ownerId: string;
  name: string;
  platform: Platform;
  platformUsername: string;
  email: string | null;
  phone: string | null;
  interest: string | null;
  notes: string | null;
  stage: CustomerStage;
  source: string;
}

/** A list's select clause: the columns of CustomerColumns, in their order. */
const PAGE_SELECT = `select ${CUSTOMER_COLUMNS.join(', ')}`;
/** A written row as CustomerRow (columns named, not `*`: a prepared statement's columns are fixed). */
const RETURNING = `returning ${CUSTOMER_COLUMNS.join(', ')}`;
const ORDER = 'order by created_at desc, id desc';

/** The SQL of customers: the only place that reads or writes their table. */
@Injectable()
export class CustomersQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Newest first, `limit` customers after `filter.after`. As for messages: a search sorts the positions
   * of every match found through the trigram index, then reads the page's rows. Rows come as tuples
   * (sqlTuples) and are read by column name (customer.mapper.ts).
   */
  async page(ownerId: string, filter: CustomerFilter, limit: number): Promise<Page<CustomerResponse>> {
    const where = ['owner_id = ?'];
    const params: unknown[] = [ownerId];
    if (filter.q) {
      where.push(
        `(lower(name) || ' ' || coalesce(lower(email), '') || ' ' || lower(platform_username)) like ?`,
      );
      params.push(likePattern(filter.q));
    }
    if (filter.platform) {
      where.push('platform = ?');
      params.push(filter.platform);
    }
    if (filter.stage) {
      where.push('stage = ?');
      params.push(filter.stage);
    }
    if (filter.after) {
      where.push('(created_at, id) < (?, ?)');
      params.push(filter.after.at, filter.after.id);
    }
    const take = fetchLimit(limit);
    const text = filter.q
      ? `with hits as materialized (select id, created_at from customers where ${where.join(' and ')}),
              top as (select id from hits ${ORDER} limit ${take})
         ${PAGE_SELECT} from top join customers using (id) ${ORDER}`
      : `${PAGE_SELECT} from customers where ${where.join(' and ')} ${ORDER} limit ${take}`;
    const rows = await sqlTuples<CustomerColumns>(this.em, text, params);
    return toPage(rows, limit, customerFromColumns, customerPosition);
  }

  /** The stored customer; undefined when another customer of the owner has its platform and username. */
  async insert(c: NewCustomer): Promise<CustomerResponse | undefined> {
    try {
      const [row] = await sql<CustomerRow>(
        this.em,
        `insert into customers (id, owner_id, name, platform, platform_username, email, phone, interest, notes, stage, source)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ${RETURNING}`,
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
      return toCustomerResponse(row);
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** The updated customer; undefined when the owner has no customer with this id. */
  async setStage(ownerId: string, id: string, stage: CustomerStage): Promise<CustomerResponse | undefined> {
    const [row] = await sql<CustomerRow>(
      this.em,
      `update customers set stage = ? where id = ? and owner_id = ? ${RETURNING}`,
      [stage, id, ownerId],
    );
    return row ? toCustomerResponse(row) : undefined;
  }
}
