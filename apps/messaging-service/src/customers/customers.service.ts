import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { type RawReply, sqlTuples } from '@parley/server-kit';
import {
  type CreateCustomerDto,
  type CustomerResponse,
  DomainException,
  ErrorCode,
  type ListCustomersQueryDto,
  type UpdateCustomerDto,
} from '@parley/contracts';
import { decodeCursor, fetchLimit, likePattern, toPageReply } from '../shared/cursor';
import { OwnerEvents } from '../shared/owner-events';
import { isUniqueViolation } from '../shared/pg-errors';
import { requireUuid } from '../shared/uuid';
import {
  CUSTOMER_COLUMNS,
  type CustomerColumns,
  customerFromColumns,
  type CustomerRow,
  toCustomerResponse,
} from './customer.mapper';

/** A list's select clause: the columns of CustomerColumns, in their order. */
const PAGE_SELECT = `select ${CUSTOMER_COLUMNS.join(', ')}`;

/** The owner's customers: the pipeline (stages) and the people behind the messages. */
@Injectable()
export class CustomersService {
  constructor(
    private readonly em: EntityManager,
    private readonly events: OwnerEvents,
  ) {}

  /** Newest first; `q` matches name, email or platform username, case-insensitively. */
  async list(ownerId: string, query: ListCustomersQueryDto): Promise<RawReply> {
    const where = ['owner_id = ?'];
    const params: unknown[] = [ownerId];
    if (query.q) {
      where.push(
        `(lower(name) || ' ' || coalesce(lower(email), '') || ' ' || lower(platform_username)) like ?`,
      );
      params.push(likePattern(query.q));
    }
    if (query.platform) {
      where.push('platform = ?');
      params.push(query.platform);
    }
    if (query.stage) {
      where.push('stage = ?');
      params.push(query.stage);
    }
    const after = decodeCursor(query.cursor);
    if (after) {
      where.push('(created_at, id) < (?, ?)');
      params.push(after.at, after.id);
    }
    const order = 'order by created_at desc, id desc';
    // As for messages: a search sorts the positions of every match found through the trigram index,
    // then reads the page's rows.
    const take = fetchLimit(query.limit);
    const text = query.q
      ? `with hits as materialized (select id, created_at from customers where ${where.join(' and ')}),
              top as (select id from hits ${order} limit ${take})
         ${PAGE_SELECT} from top join customers using (id) ${order}`
      : `${PAGE_SELECT} from customers where ${where.join(' and ')} ${order} limit ${take}`;
    const rows = await sqlTuples<CustomerColumns>(this.em, text, params);
    return toPageReply(rows, query.limit, customerFromColumns, (row) => ({ at: row[13], id: row[0] }));
  }

  async get(ownerId: string, id: string): Promise<CustomerRow> {
    const [row] = await this.em
      .getConnection()
      .execute<CustomerRow[]>('select * from customers where id = ? and owner_id = ?', [
        requireUuid(id, 'Customer'),
        ownerId,
      ]);
    if (!row) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return row;
  }

  /** Add Customer: someone the owner knows from a platform, before they write. */
  async create(ownerId: string, dto: CreateCustomerDto): Promise<CustomerResponse> {
    try {
      const [row] = await this.em.getConnection().execute<CustomerRow[]>(
        `insert into customers (id, owner_id, name, platform, platform_username, email, phone, interest, notes, stage, source)
         values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'manual') returning *`,
        [
          randomUUID(),
          ownerId,
          dto.name,
          dto.platform,
          dto.platformUsername,
          dto.email ?? null,
          dto.phone ?? null,
          dto.interest ?? null,
          dto.notes ?? null,
          dto.stage ?? 'new',
        ],
      );
      const customer = toCustomerResponse(row);
      this.events.emit(ownerId, {
        type: 'new_customer',
        message: `New customer: ${customer.name}`,
        data: { customerId: customer.id },
      });
      return customer;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new DomainException(
          ErrorCode.Conflict,
          `A customer with this ${dto.platform} username already exists`,
        );
      }
      throw error;
    }
  }

  /** Any stage to any stage: the pipeline enforces no order. */
  async update(ownerId: string, id: string, dto: UpdateCustomerDto): Promise<CustomerResponse> {
    const [row] = await this.em
      .getConnection()
      .execute<CustomerRow[]>('update customers set stage = ? where id = ? and owner_id = ? returning *', [
        dto.stage,
        requireUuid(id, 'Customer'),
        ownerId,
      ]);
    if (!row) throw new DomainException(ErrorCode.NotFound, 'Customer not found');
    return toCustomerResponse(row);
  }
}
