import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerResponse, CustomerStage, Platform } from '@parley/contracts';
import { likePattern, type Page, sqlTuples } from '@parley/server-kit';
import type { Cursor } from '../shared/cursor';
import { type NewestFirstList, newestFirstPage } from '../shared/list-sql';
import { isUniqueViolation } from '../shared/pg-errors';
import {
  CUSTOMER_COLUMNS,
  type CustomerColumns,
  customerFromColumns,
  customerPosition,
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

/** The newest-first list of customers, read as CustomerColumns. */
const LIST: NewestFirstList<CustomerColumns, CustomerResponse> = {
  table: 'customers',
  alias: 'c',
  at: 'created_at',
  columns: CUSTOMER_COLUMNS,
  map: customerFromColumns,
  position: customerPosition,
};
/** A written row as CustomerColumns (columns named, not `*`: a prepared statement's columns are fixed). */
const RETURNING = `returning ${CUSTOMER_COLUMNS.join(', ')}`;

/** The SQL of customers: the only place that reads or writes their table. */
@Injectable()
export class CustomersQueries {
  constructor(private readonly em: EntityManager) {}

  /**
   * Newest first, `limit` customers after `filter.after`. As for messages: a search sorts the positions
   * of every match found through the trigram index, then reads the page's rows.
   */
  page(ownerId: string, filter: CustomerFilter, limit: number): Promise<Page<CustomerResponse>> {
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
    return newestFirstPage(
      this.em,
      LIST,
      { where, params, after: filter.after, viaHits: Boolean(filter.q) },
      limit,
    );
  }

  /** The stored customer; undefined when another customer of the owner has its platform and username. */
  async insert(c: NewCustomer): Promise<CustomerResponse | undefined> {
    try {
      const [row] = await sqlTuples<CustomerColumns>(
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
      return customerFromColumns(row);
    } catch (error) {
      if (isUniqueViolation(error)) return undefined;
      throw error;
    }
  }

  /** The owner's customer with this id, or undefined. */
  async byId(ownerId: string, id: string): Promise<CustomerResponse | undefined> {
    const [row] = await sqlTuples<CustomerColumns>(
      this.em,
      `select ${CUSTOMER_COLUMNS.join(', ')} from customers where id = ? and owner_id = ?`,
      [id, ownerId],
    );
    return row && customerFromColumns(row);
  }

  /** The updated customer; undefined when the owner has no customer with this id. */
  async setStage(ownerId: string, id: string, stage: CustomerStage): Promise<CustomerResponse | undefined> {
    const [row] = await sqlTuples<CustomerColumns>(
      this.em,
      `update customers set stage = ? where id = ? and owner_id = ? ${RETURNING}`,
      [stage, id, ownerId],
    );
    return row && customerFromColumns(row);
  }

  /**
   * Pauses the AI for the customer for `pauseMs` from now, or resumes it (`pauseMs` null: the sum is null).
   * The updated customer; undefined when the owner has no customer with this id.
   */
  async setAiPause(
    ownerId: string,
    id: string,
    pauseMs: number | null,
  ): Promise<CustomerResponse | undefined> {
    const [row] = await sqlTuples<CustomerColumns>(
      this.em,
      `update customers set ai_paused_until = now() + make_interval(secs => ?::float8 / 1000)
        where id = ? and owner_id = ? ${RETURNING}`,
      [pauseMs, id, ownerId],
    );
    return row && customerFromColumns(row);
  }
}
